import { sql } from "kysely";
import { describe, expect } from "vitest";
import type { components } from "../../../../openapi/schema.d.ts";
import { expectProblem, serverTests, type SignedInServer } from "../../fixtures.ts";
import { engines, tokenConfig } from "../../harness.ts";
import { createReporters, diasporaQuestion, stationId, type Reporters } from "../../fixtures/reports-fixture.ts";
import { createAttachmentSigner } from "../../../src/attachments/signing.ts";
import { demoPng } from "../../../src/demo/images.ts";
import { createFailingFileStore, diskFullError, type FailingFileStore } from "../../fixtures/failing-file-store.ts";
import { discardUnreferenced } from "../../../src/reports/notes/store.ts";

type Note = components["schemas"]["Note"];

const stores = new Map<string, FailingFileStore>();
const tests = serverTests({ observers: 30, files: (engine) => stores.set(engine, createFailingFileStore()).get(engine)! });

const MiB = 1024 * 1024;
const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const webp = new Uint8Array([...new TextEncoder().encode("RIFF"), 4, 0, 0, 0, ...new TextEncoder().encode("WEBPVP8 ")]);
const gif = new TextEncoder().encode("GIF89a\x01\x00\x01\x00");
const png = demoPng(7, 16, 12);

type Field = string | { bytes: Uint8Array; name: string; type?: string };

describe.each(engines)("notes on %s", (engine) => {
  const it = tests[engine];
  let api = {} as SignedInServer;
  let r = {} as Reporters;
  let ab5 = 0;

  it.beforeAll(async ({ api: signedIn }) => {
    api = signedIn;
    r = await createReporters(api, "NOT", "07993300");
    ab5 = await stationId(api, "AB", 5);
  });

  const post = (token: string | undefined, fields: [string, Field][]) => {
    const form = new FormData();
    for (const [name, value] of fields) {
      if (typeof value === "string") form.append(name, value);
      else form.append(name, new Blob([value.bytes as Uint8Array<ArrayBuffer>], { type: value.type ?? "application/octet-stream" }), value.name);
    }
    return api.server.request("/api/v2/note", { method: "POST", token, body: form });
  };
  const station: [string, Field][] = [
    ["countyCode", "AB"],
    ["pollingStationNumber", "5"],
  ];
  const created = async (response: Response) => {
    expect(response.status).toBe(201);
    return (await response.json()) as Note;
  };
  const list = async (query: string, token = api.organizer) => {
    const response = await api.get(`/api/v2/note?${query}`, token);
    expect(response.status).toBe(200);
    return (await response.json()) as Note[];
  };
  const fetchUrl = (url: string) => api.server.request(url);

  describe("createNote", () => {
    it("stores a note on a question with photos of every accepted type, named by their bytes", async () => {
      const note = await created(
        await post(r.own.token, [
          ...station,
          ["questionId", String(r.single.id)],
          ["text", "Ușa era încuiată."],
          ["files", { bytes: png, name: "usa.jpg", type: "image/jpeg" }],
          ["files", { bytes: jpeg, name: "C:\\poze\\sala.jpeg" }],
          ["files", { bytes: webp, name: "urna.webp" }],
          ["files", { bytes: gif, name: "anim.gif" }],
        ]),
      );
      expect(note).toEqual({
        id: expect.any(Number) as number,
        text: "Ușa era încuiată.",
        questionId: r.single.id,
        formId: r.form.id,
        formCode: "NOT",
        lastModified: api.server.clock.now.toISOString(),
        attachmentPath: note.attachments[0]!.url,
        attachments: [
          { id: expect.any(Number) as number, fileName: "usa.jpg", mimeType: "image/png", url: expect.stringMatching(/^\/api\/v1\/attachment\/\d+\?expires=\d+&signature=/) as string },
          { id: expect.any(Number) as number, fileName: "sala.jpeg", mimeType: "image/jpeg", url: expect.any(String) as string },
          { id: expect.any(Number) as number, fileName: "urna.webp", mimeType: "image/webp", url: expect.any(String) as string },
          { id: expect.any(Number) as number, fileName: "anim.gif", mimeType: "image/gif", url: expect.any(String) as string },
        ],
      });
      const photo = await fetchUrl(note.attachments[0]!.url);
      expect(photo.status).toBe(200);
      expect(photo.headers.get("content-type")).toBe("image/png");
      expect(new Uint8Array(await photo.arrayBuffer())).toEqual(png);
    });

    it("takes a note with text only, or photos only, on the station itself", async () => {
      api.server.clock.advance(60);
      const textOnly = await created(await post(r.own.token, [...station, ["text", "Totul e în regulă."]]));
      expect([textOnly.questionId, textOnly.formId, textOnly.formCode, textOnly.attachmentPath, textOnly.attachments]).toEqual([null, null, null, null, []]);
      api.server.clock.advance(60);
      const photoOnly = await created(await post(r.own.token, [...station, ["files", { bytes: jpeg, name: "a.jpg" }]]));
      expect([photoOnly.text, photoOnly.attachments.length]).toEqual([null, 1]);
    });

    it("requires text or a file", async () => {
      const problem = await expectProblem(await post(r.own.token, [...station, ["text", "  "]]), 400, "validation");
      expect(problem.errors).toEqual({ text: [{ code: "required", message: "is required unless a file is sent" }] });
    });

    it("refuses files that are not images by their bytes, whatever their name and declared type", async () => {
      const fake = { bytes: new TextEncoder().encode("<svg onload=alert(1)>"), name: "poza.png", type: "image/png" };
      const problem = await expectProblem(await post(r.own.token, [...station, ["files", { bytes: jpeg, name: "ok.jpg" }], ["files", fake]]), 400, "validation");
      expect(Object.keys(problem.errors ?? {})).toEqual(["files[1]"]);
      expect(problem.errors?.["files[1]"]?.[0]?.code).toBe("format");
      const empty = await expectProblem(await post(r.own.token, [...station, ["files", { bytes: new Uint8Array(), name: "gol.jpg" }]]), 400, "validation");
      expect(Object.keys(empty.errors ?? {})).toEqual(["files[0]"]);
    });

    it("refuses bad fields with every error at once", async () => {
      const problem = await expectProblem(
        await post(r.own.token, [["countyCode", "ab"], ["pollingStationNumber", "0"], ["questionId", "x"], ["extra", "1"], ["text", "t"]]),
        400,
        "validation",
      );
      expect(Object.keys(problem.errors ?? {}).sort()).toEqual(["countyCode", "extra", "pollingStationNumber", "questionId"]);
      const missing = await expectProblem(await post(r.own.token, [["text", "t"]]), 400, "validation");
      expect(Object.keys(missing.errors ?? {}).sort()).toEqual(["countyCode", "pollingStationNumber"]);
    });

    it("answers 413 past five files or past 10 MiB for one file, and stores nothing", async () => {
      const before = (await list(`idObserver=${r.own.id}&idPollingStation=${ab5}`)).length;
      const six = Array.from({ length: 6 }, (_, i): [string, Field] => ["files", { bytes: jpeg, name: `${i}.jpg` }]);
      await expectProblem(await post(r.own.token, [...station, ...six]), 413, "payload_too_large");
      const big = new Uint8Array(10 * MiB + 1);
      big.set(jpeg);
      await expectProblem(await post(r.own.token, [...station, ["files", { bytes: big, name: "mare.jpg" }]]), 413, "payload_too_large");
      expect((await list(`idObserver=${r.own.id}&idPollingStation=${ab5}`)).length).toBe(before);
    });

    describe("when the attachment storage fails", () => {
      const count = async (table: "note" | "noteAttachment") => {
        const row = await api.db().selectFrom(table).select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
        return Number(row.count);
      };
      const rowCounts = async () => ({ notes: await count("note"), attachments: await count("noteAttachment") });
      // Another station than the one listNotes reads, which expects exactly the notes sent above.
      const twoPhotos: [string, Field][] = [
        ["countyCode", "AB"],
        ["pollingStationNumber", "6"],
        ["text", "Urna sigilată."],
        ["files", { bytes: jpeg, name: "a.jpg" }],
        ["files", { bytes: png, name: "b.png" }],
      ];
      it.afterEach(() => stores.get(engine)!.failPuts(undefined));

      it("answers 507 storage_full on a full disk and saves neither the note nor its attachments, nor the photo stored first", async () => {
        const before = { ...(await rowCounts()), files: stores.get(engine)!.keys().length };
        stores.get(engine)!.failPuts(diskFullError(), { after: 1 });
        const problem = await expectProblem(await post(r.own.token, twoPhotos), 507, "storage_full");
        expect(problem.detail).toBe("The attachment storage is full; the note was not saved.");
        expect({ ...(await rowCounts()), files: stores.get(engine)!.keys().length }).toEqual(before);
      });

      it("answers 503 storage_unavailable when the storage fails otherwise, and saves nothing", async () => {
        const before = await rowCounts();
        stores.get(engine)!.failPuts(new Error("connect ECONNREFUSED 10.0.0.9:9000"));
        await expectProblem(await post(r.own.token, twoPhotos), 503, "storage_unavailable");
        expect(await rowCounts()).toEqual(before);
      });

      it("saves the same note once the storage is healthy again", async () => {
        const before = await rowCounts();
        const note = await created(await post(r.own.token, twoPhotos));
        expect(await rowCounts()).toEqual({ notes: before.notes + 1, attachments: before.attachments + 2 });
        expect(new Uint8Array(await (await fetchUrl(note.attachments[1]!.url)).arrayBuffer())).toEqual(png);
      });
    });

    describe("when the note cannot be saved after its photos were stored", () => {
      // The database fails the attachment rows as a lost connection would, after the note's own row went in.
      const failAttachmentInserts = async () => {
        await sql`CREATE FUNCTION test_attachment_insert_dies() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN RAISE EXCEPTION 'the database went away' USING ERRCODE = '08006'; END $$`.execute(api.db());
        await sql`CREATE TRIGGER test_attachment_insert_dies BEFORE INSERT ON note_attachment
          FOR EACH ROW EXECUTE FUNCTION test_attachment_insert_dies()`.execute(api.db());
      };
      it.afterEach(async () => {
        await sql`DROP TRIGGER IF EXISTS test_attachment_insert_dies ON note_attachment`.execute(api.db());
        await sql`DROP FUNCTION IF EXISTS test_attachment_insert_dies()`.execute(api.db());
      });

      it("deletes the photos this request stored, and saves no note", async () => {
        const store = stores.get(engine)!;
        const before = { notes: (await list(`idObserver=${r.own.id}&idPollingStation=${ab5}`)).length, files: store.keys().length };
        await failAttachmentInserts();
        const photos: [string, Field][] = [["files", { bytes: jpeg, name: "a.jpg" }], ["files", { bytes: png, name: "b.png" }]];
        await expectProblem(await post(r.own.token, [...station, ["text", "Nu se salvează."], ...photos]), 503, "unavailable");
        expect({ notes: (await list(`idObserver=${r.own.id}&idPollingStation=${ab5}`)).length, files: store.keys().length }).toEqual(before);
      });

      it("never deletes a file that an attachment row references, as a shared file or a commit whose answer was lost", async () => {
        const store = stores.get(engine)!;
        const { storageKey } = await api.db().selectFrom("noteAttachment").select("storageKey").orderBy("id").executeTakeFirstOrThrow();
        const bytes = await store.get(storageKey);
        expect(bytes).not.toBeNull();
        await store.put("note-unreferenced.png", png);
        await discardUnreferenced(api.db(), store, [storageKey, "note-unreferenced.png"]);
        expect(await store.get(storageKey)).toEqual(bytes);
        expect(await store.get("note-unreferenced.png")).toBeNull();
      });
    });

    describe("file names", () => {
      // Another station than the one listNotes reads, which expects exactly the notes sent above.
      const ab6: [string, Field][] = [
        ["countyCode", "AB"],
        ["pollingStationNumber", "6"],
      ];

      it("removes a NUL from a name before anything is stored, and saves the note with what it stored", async () => {
        const before = stores.get(engine)!.keys().length;
        const note = await created(await post(r.own.token, [...ab6, ["files", { bytes: jpeg, name: "ok.jpg" }], ["files", { bytes: png, name: "poza\u0000.png" }]]));
        expect(note.attachments.map((attachment) => attachment.fileName)).toEqual(["ok.jpg", "poza.png"]);
        expect(stores.get(engine)!.keys().length).toBe(before + 2);
      });

      it("removes control and invisible characters, keeping letters with Romanian diacritics", async () => {
        const names = [
          "Secția 5 – ușa\u202Egpj.exe",
          "a\tb\u200B\u200C\u200D\u2060\uFEFF\u00AD.jpg",
          "\u0001\u001B[31m\u007F\u0085\u009Bz.jpg",
          "s\u0326t\u0326a\u0302\u2028\u2029.jpg",
          "\u202E\u200B",
        ];
        const note = await created(await post(r.own.token, [...ab6, ...names.map((name): [string, Field] => ["files", { bytes: jpeg, name }])]));
        const cleaned = ["Secția 5 – ușagpj.exe", "a b.jpg", "[31m z.jpg", "șțâ .jpg", "image"];
        expect(note.attachments.map((attachment) => attachment.fileName)).toEqual(cleaned);
        const stored = await api.db().selectFrom("noteAttachment").select("fileName").where("noteId", "=", note.id).orderBy("id").execute();
        expect(stored.map((row) => row.fileName)).toEqual(cleaned);

        // Names stored before they were cleaned are shown cleaned.
        await api.db().updateTable("noteAttachment").set({ fileName: "vechi\u202Egnp.exe" }).where("id", "=", note.attachments[0]!.id).execute();
        const again = (await list(`idObserver=${r.own.id}&idPollingStation=${await stationId(api, "AB", 6)}`)).find((n) => n.id === note.id)!;
        expect(again.attachments[0]!.fileName).toBe("vechignp.exe");
      });
    });

    it("refuses a note on a diaspora form's question at a station in Romania, before storing its photo, and takes it abroad", async () => {
      const diaspora = await diasporaQuestion(api);
      const before = stores.get(engine)!.keys().length;
      const photo: [string, Field] = ["files", { bytes: jpeg, name: "coada.jpg" }];
      const problem = await expectProblem(await post(r.own.token, [...station, ["questionId", String(diaspora.id)], photo]), 422, "form_not_for_station");
      expect(Object.keys(problem.errors ?? {})).toEqual(["questionId"]);
      expect(stores.get(engine)!.keys().length).toBe(before);
      const abroad = await created(await post(r.own.token, [["countyCode", "D"], ["pollingStationNumber", "3"], ["questionId", String(diaspora.id)], photo]));
      expect([abroad.formCode, abroad.attachments.length]).toEqual(["D", 1]);
    });

    it("is a 404 for an unknown station or question", async () => {
      const county = await expectProblem(await post(r.own.token, [["countyCode", "ZZ"], ["pollingStationNumber", "5"], ["text", "t"]]), 404, "not_found");
      expect(Object.keys(county.errors ?? {})).toEqual(["countyCode"]);
      const question = await expectProblem(await post(r.own.token, [...station, ["questionId", "2147483647"], ["text", "t"]]), 404, "not_found");
      expect(Object.keys(question.errors ?? {})).toEqual(["questionId"]);
    });

    it("is refused to staff tokens and without a token", async () => {
      await expectProblem(await post(api.organizer, [...station, ["text", "t"]]), 403, "forbidden");
      await expectProblem(await post(api.ngo2Admin, [...station, ["text", "t"]]), 403, "forbidden");
      await expectProblem(await post(undefined, [...station, ["text", "t"]]), 401, "unauthorized");
    });
  });

  describe("listNotes", () => {
    it("lists the observer's notes at the station oldest first, or only those on one question", async () => {
      const all = await list(`idObserver=${r.own.id}&idPollingStation=${ab5}`);
      expect(all.map((note) => [note.text, note.questionId, note.attachments.length])).toEqual([
        ["Ușa era încuiată.", r.single.id, 4],
        ["Totul e în regulă.", null, 0],
        [null, null, 1],
      ]);
      expect((await list(`idObserver=${r.own.id}&idPollingStation=${ab5}&idQuestion=${r.single.id}`)).map((note) => note.text)).toEqual(["Ușa era încuiată."]);
      expect(await list(`idObserver=${r.other.id}&idPollingStation=${ab5}`, api.ngo2Admin)).toEqual([]);
      expect(await list(`idObserver=${r.other.id}&idPollingStation=${ab5}`, api.organizer)).toEqual([]);
    });

    it("is a 404 for another NGO's observer, an unknown observer or station, and refused to observers", async () => {
      const get = (observer: number, station: number, token: string) => api.get(`/api/v2/note?idObserver=${observer}&idPollingStation=${station}`, token);
      await expectProblem(await get(r.own.id, ab5, api.ngo2Admin), 404, "not_found");
      await expectProblem(await get(2147483647, ab5, api.organizer), 404, "not_found");
      await expectProblem(await get(r.own.id, 2147483647, api.organizer), 404, "not_found");
      await expectProblem(await get(r.own.id, ab5, r.own.token), 403, "forbidden");
    });
  });

  describe("getAttachment", () => {
    const firstPhoto = async () => (await list(`idObserver=${r.own.id}&idPollingStation=${ab5}`))[0]!.attachments[0]!;

    it("serves the photo without a token, cacheable privately no longer than the URL lives", async () => {
      const response = await fetchUrl((await firstPhoto()).url);
      expect(response.status).toBe(200);
      const maxAge = Number(/^private, max-age=(\d+)$/.exec(response.headers.get("cache-control") ?? "")?.[1]);
      const expires = Number(new URL((await firstPhoto()).url, "http://x").searchParams.get("expires"));
      expect(maxAge).toBe(expires - api.server.clock.now.getTime() / 1000);
    });

    it("refuses a tampered signature, a changed expiry or another attachment's id with 403", async () => {
      const { id, url } = await firstPhoto();
      const parsed = new URL(url, "http://x");
      const signature = parsed.searchParams.get("signature")!;
      const expires = Number(parsed.searchParams.get("expires"));
      const flipped = (signature[0] === "A" ? "B" : "A") + signature.slice(1);
      await expectProblem(await fetchUrl(`/api/v1/attachment/${id}?expires=${expires}&signature=${flipped}`), 403, "forbidden");
      await expectProblem(await fetchUrl(`/api/v1/attachment/${id}?expires=${expires + 3600}&signature=${signature}`), 403, "forbidden");
      await expectProblem(await fetchUrl(`/api/v1/attachment/${id + 1}?expires=${expires}&signature=${signature}`), 403, "forbidden");
    });

    it("refuses a URL without a signature or expiry as a bad request, before any lookup", async () => {
      const { id } = await firstPhoto();
      const problem = await expectProblem(await fetchUrl(`/api/v1/attachment/${id}`), 400, "validation");
      expect(Object.keys(problem.errors ?? {}).sort()).toEqual(["expires", "signature"]);
    });

    it("refuses an expired URL with 403 and answers 404 for an unknown attachment with a valid signature", async () => {
      const { url } = await firstPhoto();
      const signer = createAttachmentSigner(tokenConfig.secret);
      await expectProblem(await fetchUrl(signer.url(2147483647, api.server.clock.now)), 404, "not_found");
      api.server.clock.advance(2 * 60 * 60);
      await expectProblem(await fetchUrl(url), 403, "forbidden");
    });
  });
});
