import { expect } from "vitest";
import type { components } from "../../../openapi/schema.d.ts";
import { createReporters, stationId } from "../fixtures/reports-fixture.ts";
import { demoPng } from "../../src/demo/images.ts";
import type { SignedInServer } from "../fixtures.ts";

type Note = components["schemas"]["Note"];
type Form = components["schemas"]["Form"];

/** Demo NGO 1 organizes; NGO 2 is an ordinary NGO. Their ids are their positions in the demo. */
export type NgoNumber = 1 | 2;

/** The things one NGO owns that a request can name, so that a row can aim the same request at either NGO. */
export interface Target {
  /** The NGO (1 or 2; a throwaway NGO's id for the NGO writes). */
  ngoId: number;
  /** An observer of the NGO with answers, a note and station facts at `station`; its token. */
  observer: { id: number; phone: string; token: string };
  station: { id: number; county: string; number: number };
  noteId: number;
  /** The signed URL of the note's photo. */
  attachmentUrl: string;
  /** A notification sent by an admin of the NGO. */
  notificationId: number;
  /** The demo admin of the NGO (0700000001 or 0700000002). */
  adminId: number;
  /** A form whose visibility follows the same rule: NGO 1's is a draft (organizers only), NGO 2's is published. */
  formId: number;
  /** The published form's single-choice question (`no` is flagged). */
  question: { id: number; yes: number; no: number };
  /** A throwaway election round of the NGO's, made by `prepare` for the rounds' writes (never the world's round 1). */
  roundId?: number;
}

export interface World {
  api: SignedInServer;
  targets: Record<NgoNumber, Target>;
  /** Strings only NGO 1's data contains: none may reach a caller of NGO 2. */
  ngo1Secrets: string[];
  /** A fresh suffix for names, phones and codes that must be unique. */
  unique(): string;
}

export const SECRET = { comment: "ngo1-secret-comment", note: "ngo1-secret-note", notification: "ngo1-secret-notification" };
const STATION_NUMBER = 7;

/**
 * Two NGOs with the same kinds of data: for each, an observer who recorded arrival, answered (one flagged answer),
 * took a note with a photo, and got a notification from its NGO's admin; a staff comment on NGO 1's thread.
 */
export async function buildWorld(api: SignedInServer): Promise<World> {
  const reporters = await createReporters(api, "SMX", "07981000");
  const station = { id: await stationId(api, "AB", STATION_NUMBER), county: "AB", number: STATION_NUMBER };
  const question = { id: reporters.single.id, yes: reporters.single.yes, no: reporters.single.no };
  const draft = await createDraftForm(api);

  const target = async (ngoId: NgoNumber, observer: Target["observer"], admin: string, marker: string): Promise<Target> => {
    const arrival = await api.send("POST", "/api/v1/polling-station", observer.token, {
      countyCode: "AB",
      pollingStationNumber: STATION_NUMBER,
      observerArrivalTime: "2026-11-22T06:00:00Z",
    });
    expect(arrival.status).toBe(200);
    const answered = await api.send("POST", "/api/v1/answers", observer.token, {
      answers: [{ questionId: question.id, countyCode: "AB", pollingStationNumber: STATION_NUMBER, options: [{ optionId: question.no }] }],
    });
    expect(answered.status).toBe(204);
    const note = await postNote(api, observer.token, marker === "ngo1" ? SECRET.note : "ngo2 note");
    const sent = await api.send("POST", "/api/v1/notification/send", admin, {
      channel: "Firebase",
      from: "Matrix",
      title: marker === "ngo1" ? SECRET.notification : "ngo2 notification",
      message: "Verificați secția.",
      recipients: [observer.id],
    });
    expect(sent.status).toBe(202);
    const adminRow = await api.db().selectFrom("ngoAdmin").select("id").where("account", "=", ngoId === 1 ? "0700000001" : "0700000002").executeTakeFirstOrThrow();
    return {
      ngoId,
      observer,
      station,
      noteId: note.id,
      attachmentUrl: note.attachments[0]!.url,
      notificationId: ((await sent.json()) as { id: number }).id,
      adminId: adminRow.id,
      formId: ngoId === 1 ? draft.id : reporters.form.id,
      question,
    };
  };
  const targets = {
    1: await target(1, reporters.own, api.organizer, "ngo1"),
    2: await target(2, reporters.other, api.ngo2Admin, "ngo2"),
  };
  const comment = await api.send("POST", `/api/v1/answers/threads/${targets[1].observer.id}/${station.id}/comments`, api.organizer, { text: SECRET.comment });
  expect(comment.status).toBe(201);

  const ngo1Phones = await api.db().selectFrom("observer").select("phone").where("ngoId", "=", 1).execute();
  let counter = 0;
  return {
    api,
    targets,
    ngo1Secrets: [...ngo1Phones.map((row) => row.phone), ...Object.values(SECRET)],
    unique: () => `${++counter}`.padStart(5, "0"),
  };
}

async function postNote(api: SignedInServer, token: string, text: string): Promise<Note> {
  const response = await noteRequest(api, token, text);
  expect(response.status).toBe(201);
  return (await response.json()) as Note;
}

/** An observer's note with a photo at the matrix's station. */
export function noteRequest(api: SignedInServer, token: string | undefined, text: string): Promise<Response> {
  const form = new FormData();
  form.append("countyCode", "AB");
  form.append("pollingStationNumber", String(STATION_NUMBER));
  form.append("text", text);
  form.append("files", new Blob([demoPng(3, 8, 8) as Uint8Array<ArrayBuffer>], { type: "image/png" }), "photo.png");
  return api.server.request("/api/v2/note", { method: "POST", token, body: form });
}

/** A form body that creates a new form with the code `code`. */
export function formBody(code: string, draft: boolean) {
  return {
    code,
    description: `Formular ${code}`,
    diaspora: false,
    draft,
    currentVersion: 1,
    formSections: [
      {
        code: "S1",
        description: "Secțiune",
        questions: [{ code: "Q1", text: "Totul în regulă?", questionType: 1, optionsToQuestions: [{ text: "Da", isFreeText: false, flagged: false }] }],
      },
    ],
  };
}

async function createDraftForm(api: SignedInServer): Promise<Form> {
  const response = await api.send("POST", "/api/v1/form", api.organizer, formBody("SMD", true));
  expect(response.status).toBe(201);
  return (await response.json()) as Form;
}
