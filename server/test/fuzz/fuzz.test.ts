import fc from "fast-check";
import { describe, expect } from "vitest";
import { loadContract } from "../../src/http/contract.ts";
import { DEMO_OBSERVERS } from "../../src/demo/accounts.ts";
import { bothEngines } from "../harness.ts";
import { serverTests, type SignedInServer } from "../fixtures.ts";
import type { SchemaContext } from "./arbitraries.ts";
import { fixedExamples, requestArbitrary, toRequestInit, type FuzzRequest } from "./requests.ts";

/**
 * Contract fuzzing: every operation of openapi.yaml gets requests generated from its schemas, valid and broken,
 * with a token of a role it allows. Whatever comes back must not be a 5xx, an error must be problem+json whose
 * `status` is the HTTP status, and every answer must match the contract (the harness checks that on each request).
 * `npm test` runs a few cases per operation; `npm run fuzz` (FUZZ_RUNS) many more.
 */
const runs = Number(process.env.FUZZ_RUNS ?? 20);
// `npm test` draws the same cases every time (a fixed seed), so that it is not flaky; `npm run fuzz` draws new ones
// unless FUZZ_SEED repeats a run (fast-check prints the seed of a failure).
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : process.env.FUZZ_RUNS ? undefined : 20261125;
/** With FUZZ_STATS set, the statuses each operation answered are printed at the end (to see what a run reached). */
const stats = process.env.FUZZ_STATS ? new Map<string, Map<number, number>>() : undefined;
const contract = loadContract();
const tests = serverTests({ observers: 30 });

type RoleToken = "organizer" | "ngoAdmin" | "observer";

/** Rows made for the fuzzer: one set that deletes may remove, one that edits and resets may change. */
interface Throwaways {
  ngos: { deletable: number[]; editable: number[] };
  admins: { deletable: number[]; editable: number[] };
  observers: { deletable: number[]; editable: { id: number; phone: string }[] };
  forms: { deletable: number[]; editable: number[] };
  /** Stations of the registry that updates and retirements may change, so that the demo's keep taking reports. */
  stations: number[];
  /** Answer threads of the demo (observer, station), so that triage operations reach real ones. */
  threads: { idObserver: number; idPollingStation: number }[];
}

async function created(response: Response): Promise<{ id: number }> {
  if (response.status !== 201 && response.status !== 200) throw new Error(`setup failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: number };
}

/** Rows the destructive operations may delete or reset, so that a run leaves the demo as it was. */
async function makeThrowaways({ send, get, organizer, ngo2Admin }: SignedInServer): Promise<Throwaways> {
  const ngo = async (n: number) =>
    (await created(await send("POST", "/api/v1/ngo", organizer, { name: `Fuzz throwaway ${n}`, shortName: `FZ${n}`, organizer: false, isActive: true }))).id;
  const admin = async (ngoId: number, n: number) =>
    (await created(await send("POST", `/api/v1/ngo/${ngoId}/admins`, organizer, { account: `fuzz-admin-${n}`, password: "fuzz-password" }))).id;
  const observer = async (n: number) => {
    const phone = `07990000${n}`;
    const id = (await created(await send("POST", "/api/v1/observer", n % 2 === 0 ? ngo2Admin : organizer, { name: `Fuzz throwaway ${n}`, phone, pin: "1234" }))).id;
    return { id, phone };
  };
  const question = { code: "Q1", text: "Open?", questionType: 1, optionsToQuestions: [{ text: "Yes" }, { text: "No" }] };
  const form = async (n: number) =>
    (await created(await send("POST", "/api/v1/form", organizer, { code: `FUZZ${n}`, description: "Throwaway", diaspora: false, draft: true, formSections: [{ code: "S1", description: "Throwaway", questions: [question] }] }))).id;

  const station = async (n: number) =>
    (await created(await send("POST", "/api/v1/polling-stations", organizer, { countyCode: "AB", number: 99_000 + n, locality: "Fuzz throwaway" }))).id;

  const editableNgos = [await ngo(1), await ngo(2)];
  const threads = (await (await get("/api/v1/answers?pageSize=5", organizer)).json()) as { data: Throwaways["threads"] };
  return {
    ngos: { deletable: [await ngo(3), await ngo(4)], editable: editableNgos },
    admins: { deletable: [await admin(editableNgos[0]!, 1), await admin(editableNgos[1]!, 2)], editable: [await admin(editableNgos[0]!, 3), await admin(editableNgos[1]!, 4)] },
    observers: { deletable: [(await observer(10)).id, (await observer(11)).id, (await observer(12)).id], editable: [await observer(20), await observer(21), await observer(22)] },
    forms: { deletable: [await form(1), await form(2)], editable: [await form(3)] },
    stations: [await station(1), await station(2)],
    threads: threads.data.map(({ idObserver, idPollingStation }) => ({ idObserver, idPollingStation })),
  };
}

/** Ids no row has: a destructive operation aimed there must answer 404 and change nothing. */
const missingId = fc.integer({ min: 1_000_000, max: 2147483647 });

function pinsFor(rows: Throwaways): Record<string, Record<string, fc.Arbitrary<unknown>>> {
  const one = <T>(values: T[]) => fc.constantFrom(...values);
  const editableNgo = one(rows.ngos.editable);
  const editableObserver = one(rows.observers.editable.map((o) => o.id));
  const editablePhone = one(rows.observers.editable.map((o) => o.phone));
  const thread = { idObserver: one(rows.threads.map((t) => t.idObserver)), idPollingStation: one(rows.threads.map((t) => t.idPollingStation)) };
  return {
    deleteNgo: { id: fc.oneof(one(rows.ngos.deletable), missingId) },
    setNgoOrganizer: { id: editableNgo },
    setNgoStatus: { id: editableNgo },
    updateNgo: { idNgo: editableNgo },
    resetNgoAdminPassword: { id: editableNgo, adminId: one(rows.admins.editable) },
    deleteNgoAdmin: { id: editableNgo, adminId: fc.oneof(one(rows.admins.deletable), missingId) },
    deleteObserver: { id: fc.oneof(one(rows.observers.deletable), missingId) },
    // Phones stay within the throwaway set, so that the resets that follow still find their observers.
    updateObserver: { idObserver: editableObserver, phone: editablePhone },
    resetObserver: { phoneNumber: editablePhone },
    // Assignments change the throwaway observers' stations only.
    setObserverStations: { id: fc.oneof(editableObserver, missingId) },
    assignObservers: { observerIds: fc.array(fc.oneof(editableObserver, missingId), { minLength: 1, maxLength: 3 }) },
    deleteForm: { formId: fc.oneof(one(rows.forms.deletable), missingId) },
    // The registry's writes change the throwaway stations only; an import never retires the demo's stations.
    updatePollingStation: { id: fc.oneof(one(rows.stations), missingId) },
    retirePollingStation: { id: fc.oneof(one(rows.stations), missingId) },
    importPollingStations: { retireMissing: fc.constant(false) },
    saveForm: { id: one(rows.forms.editable) },
    // Stations with answers, so that the observers' rows (and not only 404s) meet the contract check.
    listPollingStationObservers: { id: fc.oneof(thread.idPollingStation, missingId) },
    getThreadTriage: thread,
    setThreadState: thread,
    renewThreadClaim: thread,
    claimThread: thread,
    releaseThreadClaim: thread,
    addThreadComment: thread,
  };
}

function mediaTypeOf(response: Response): string {
  return (response.headers.get("content-type") ?? "").split(";")[0]!.trim();
}

function describeRequest(request: FuzzRequest, role: string | undefined): string {
  return `${request.method} ${request.url.slice(0, 300)} as ${role ?? "nobody"}`;
}

describe.each(bothEngines)("contract fuzzing on %s", (engine) => {
  const it = tests[engine];
  let api: SignedInServer;
  const tokens: Partial<Record<RoleToken, string>> = {};
  let pins: ReturnType<typeof pinsFor> = {};

  it.beforeAll(async ({ api: signedIn }) => {
    api = signedIn;
    tokens.organizer = api.organizer;
    tokens.ngoAdmin = api.ngo2Admin;
    const { phone, pin } = DEMO_OBSERVERS[0]!;
    const signIn = await api.server.request("/api/v2/access/observer", { method: "POST", json: { phone, pin } });
    tokens.observer = ((await signIn.json()) as { access_token: string }).access_token;
    pins = pinsFor(await makeThrowaways(api));
  });

  it.afterAll(() => {
    for (const [key, counts] of stats ?? []) if (key.startsWith(engine)) console.log(key, JSON.stringify(Object.fromEntries(counts)));
  });

  async function check(operationId: string, request: FuzzRequest, role: RoleToken | undefined): Promise<void> {
    const where = describeRequest(request, role);
    // The harness's request checks the answer against the contract and throws when it breaks it.
    const response = await api.server.request(request.url, toRequestInit(request, role && tokens[role]));
    const key = `${engine} ${operationId}`;
    const counts = stats?.get(key) ?? new Map<number, number>();
    stats?.set(key, counts.set(response.status, (counts.get(response.status) ?? 0) + 1));
    const mediaType = mediaTypeOf(response);
    if (mediaType === "text/event-stream") {
      await response.body?.cancel();
      expect(response.status, where).toBe(200);
      return;
    }
    const text = await response.text();
    expect(response.status, `${where} → ${response.status} ${text.slice(0, 500)}`).toBeLessThan(500);
    if (response.status >= 400) {
      expect(mediaType, `${where} → ${response.status} as ${mediaType}`).toBe("application/problem+json");
      expect((JSON.parse(text) as { status?: unknown }).status, `${where} → ${text.slice(0, 500)}`).toBe(response.status);
    }
  }

  for (const operation of contract.operations) {
    it(`${operation.operationId}: ${operation.method} ${operation.path}`, async () => {
      const context: SchemaContext = { document: contract.document, pins: pins[operation.operationId] };
      const roles = operation.roles === null ? [undefined] : (operation.roles as RoleToken[]);
      await fc.assert(
        fc.asyncProperty(requestArbitrary(context, operation), fc.constantFrom(...roles), (request, role) => check(operation.operationId, request, role)),
        { numRuns: runs, seed, examples: fixedExamples(context, operation).map((request) => [request, roles[0]] as [FuzzRequest, RoleToken | undefined]) },
      );
    }, 30_000 + runs * 500);
  }

  // An Idempotency-Key belongs to one operation, target and body: reused on anything else it is a 422, never a 5xx
  // nor another request's answer; the same request again answers as the first did.
  it("idempotency keys reused across operations, targets and bodies", async () => {
    const { data: threads } = (await (await api.get("/api/v1/answers?pageSize=3", api.organizer)).json()) as { data: Throwaways["threads"] };
    const observers = (await api.db().selectFrom("observer").select("id").where("deletedAt", "is", null).orderBy("id").limit(3).execute()).map((row) => row.id);
    const text = fc.constantFrom("Called the coordinator.", "A lawyer is on the way.");
    const use = fc.oneof(
      fc.record({ op: fc.constant("comment" as const), thread: fc.constantFrom(...threads), text }),
      fc.record({ op: fc.constant("send" as const), recipients: fc.subarray(observers, { minLength: 1 }), text }),
      fc.record({ op: fc.constant("sendAll" as const), text }),
    );
    type Use = typeof use extends fc.Arbitrary<infer T> ? T : never;
    const sameAs = (use: Use) =>
      JSON.stringify(use.op === "send" ? { ...use, recipients: [...new Set(use.recipients)].sort((a, b) => a - b) } : use);
    const post = (use: Use, key: string) => {
      const compose = { channel: "Firebase", from: "Fuzz", title: "Reused key", message: use.text };
      const [url, json] =
        use.op === "comment"
          ? [`/api/v1/answers/threads/${use.thread.idObserver}/${use.thread.idPollingStation}/comments`, { text: use.text }]
          : use.op === "send"
            ? ["/api/v1/notification/send", { ...compose, recipients: use.recipients }]
            : ["/api/v1/notification/send/all", compose];
      return api.server.request(url, { method: "POST", token: api.organizer, json, headers: { "idempotency-key": key } });
    };
    let keys = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(use, { minLength: 2, maxLength: 4 }), async (uses) => {
        const key = `fuzz-reuse-${engine}-${++keys}`;
        const first = sameAs(uses[0]!);
        for (const [index, use] of uses.entries()) {
          const response = await post(use, key);
          const body = await response.text();
          const where = `${use.op} #${index} with ${key} → ${response.status} ${body.slice(0, 300)}`;
          expect(response.status, where).toBeLessThan(500);
          if (index === 0) expect([201, 202], where).toContain(response.status);
          else if (sameAs(use) === first) expect(response.status, where).toBe(use.op === "comment" ? 201 : 200);
          else expect([response.status, (JSON.parse(body) as { code?: string }).code], where).toEqual([422, "idempotency_key_reused"]);
        }
      }),
      { numRuns: runs, seed },
    );
  }, 30_000 + runs * 500);
});
