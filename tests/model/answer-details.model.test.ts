import { describe, expect, it } from "vitest";
import { act, waitFor } from "@testing-library/react";
import type { DoneActorEvent, ErrorActorEvent, SnapshotFrom } from "xstate";
import { detailsMachine, type DetailsEvent } from "../../src/features/answers/details/details.machine";
import type { AnsweredForms, FilledInQuestion, FormSummary, FullForm, Note, StationFacts, Thread } from "../../src/features/answers/details/details.types";
import { replayPath, shortestPaths, type ModelTestOptions } from "../support/model";
import { chartTransitions, fewestCoveringPaths, pathTransitions, type Candidate } from "../support/model-cover";
import { renderApp } from "../support/render-app";
import { answerRoutes } from "../../src/features/answers/answer.routes";
import { ME, THREAD_A, THREAD_B, twoAnswerThreads } from "../support/seeds/answer-threads.seed";
import { askBeforeTests, problem, startTestServer, type HeldRequests, type TestServer } from "../support/test-server";
import { answerDetails } from "../pages/dom/answer-details";
import { eventually } from "../pages/locators";
import type { AnswerDetails, DetailsView, QuestionView } from "../pages/answer-details";

/** The screens this test visits. */
const FEATURES = [answerRoutes];

/*
 * The answer details pane's statechart, replayed on the real answers screen (/answers/details/1/1, then thread B
 * opened from the list) over the real server. The pane's loads (answers, notes, station facts, a tab's form) are held
 * until the path says how each ends: a done event lets it reach the server, which must answer what the model expects
 * (the server's own answers, asked before the graph is built; for "no answers" and "no facts" the test first deletes
 * the thread's answers or facts, and puts them back when a later load expects them); an error event answers a 503.
 * Each state asserts what the user sees (loader, error, station facts, station notes, tabs, the selected form with
 * the observer's choices and each question's notes) and which loads are running, for which thread.
 *
 * A form loads once per page (the forms store): selected again, even in another thread, it shows at once without a
 * request, so a path that would make a cached form fail is no path of the screen and is left out.
 */

const FIRST_PAINT_MS = 20_000;
const FAILURE = 503;
const key = ({ observerId, pollingStationId }: Thread) => `${observerId}-${pollingStationId}`;
const query = ({ observerId, pollingStationId }: Thread) => `idObserver=${observerId}&idPollingStation=${pollingStationId}`;
const stationQuery = ({ observerId, pollingStationId }: Thread) => `ObserverId=${observerId}&PollingStationId=${pollingStationId}`;

/** What the server answers for both threads, asked once: the model's answers are the server's. */
const asked = await askBeforeTests(twoAnswerThreads, ME, [
  ...[THREAD_A, THREAD_B].flatMap((thread) => [
    `/api/v1/answers/filledIn?${query(thread)}`,
    `/api/v2/note?${query(thread)}`,
    `/api/v1/answers/pollingStationInfo?${stationQuery(thread)}`,
  ]),
  "/api/v1/form",
  "/api/v1/form/1",
  "/api/v1/form/2",
]);
const [questionsA, notesA, factsA, questionsB, notesB, factsB, formList, ...fullForms] = asked as [
  FilledInQuestion[],
  Note[],
  StationFacts,
  FilledInQuestion[],
  Note[],
  undefined,
  { formVersions: FormSummary[] },
  ...FullForm[],
];
const forms = formList.formVersions;
const server = (thread: Thread) =>
  thread.observerId === THREAD_A.observerId
    ? { questions: questionsA, notes: notesA, facts: factsA as StationFacts | null }
    : { questions: questionsB, notes: notesB, facts: factsB ?? null };
const fullForm = (formId: number) => fullForms.find((form) => form.id === formId)!;
const titleOf = (formId: number) => forms.find((form) => form.id === formId)!.description;

type ModelEvent =
  | DetailsEvent
  | DoneActorEvent<AnsweredForms, "answers">
  | ErrorActorEvent<{ status: number }, "answers">
  | DoneActorEvent<Note[], "notes">
  | ErrorActorEvent<{ status: number }, "notes">
  | DoneActorEvent<StationFacts | null, "station">
  | ErrorActorEvent<{ status: number }, "station">
  | DoneActorEvent<FullForm, "form">
  | ErrorActorEvent<{ status: number }, "form">;

type DetailsSnapshot = SnapshotFrom<typeof detailsMachine>;
const isA = (thread: Thread) => thread.observerId === THREAD_A.observerId;
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, actorId: id, output }) as ModelEvent;
const failed = (id: string) => ({ type: `xstate.error.actor.${id}`, actorId: id, error: { status: FAILURE } }) as ModelEvent;
/** The answered forms, in the order the answers come: one tab each. */
const formIdsOf = (questions: FilledInQuestion[]) => [...new Set(questions.map((question) => question.formId))];

function events({ context }: DetailsSnapshot): ModelEvent[] {
  const { thread, selectedFormId } = context;
  const shown = server(thread);
  return [
    ...(isA(thread) ? [{ type: "thread.change", thread: THREAD_B } as const] : []),
    { type: "details.retry" },
    ...formIdsOf(context.questions).map((formId) => ({ type: "form.select", formId }) as const),
    { type: "form.retry" },
    done("answers", { questions: shown.questions, forms }),
    // Thread A can also have lost its answers and its facts (the test deletes them first).
    ...(isA(thread) ? [done("answers", { questions: [], forms }), done("station", shown.facts)] : []),
    failed("answers"),
    done("notes", shown.notes),
    failed("notes"),
    done("station", null),
    failed("station"),
    ...(selectedFormId === null ? [] : [done("form", fullForm(selectedFormId))]),
    failed("form"),
  ];
}

type Held = "answers" | "notes" | "station" | "form";

interface System {
  server: TestServer;
  held: Record<Held, HeldRequests>;
  page: AnswerDetails;
  /** Forms the page fetched: selected again, they come from its forms store. */
  fetched: Set<number>;
  /** Thread A's answers and facts, kept while the test has deleted them from the server. */
  removed: { answers?: unknown[]; facts?: unknown[] };
}

/** The answers stream is silent: no refresh comes from outside. */
const silentStream = () => new Response(new ReadableStream(), { status: 200, headers: { "content-type": "text/event-stream" } });

async function setUp(): Promise<System> {
  const server = await startTestServer({ seed: twoAnswerThreads });
  const held = {
    answers: server.hold("GET /api/v1/answers/filledIn"),
    notes: server.hold("GET /api/v2/note"),
    station: server.hold("GET /api/v1/answers/pollingStationInfo"),
    form: server.hold("GET /api/v1/form/*"),
  };
  // The header's count and the county filter wait for ever: the pane never reads them, and the server spares the work.
  for (const elsewhere of ["GET /api/v1/polling-station", "GET /api/v1/answers/summary"]) server.hold(elsewhere);
  const network = (request: Request) =>
    new URL(request.url).pathname === "/api/v1/live" ? Promise.resolve(silentStream()) : server.fetch(request);
  const app = renderApp({ features: FEATURES, path: `/answers/details/${THREAD_A.observerId}/${THREAD_A.pollingStationId}`, storedToken: await server.tokenFor(ME), fetch: network });
  // The first paint loads the answers screen's chunks: on a busy machine, longer than a step's wait.
  await waitFor(() => expect(document.querySelector("#answer-details-title")).not.toBeNull(), { timeout: FIRST_PAINT_MS });
  return { server, held, page: answerDetails(app.user), fetched: new Set(), removed: {} };
}

const threadRows = (db: TestServer["db"], table: "answer" | "pollingStationInfo") =>
  db.selectFrom(table).selectAll().where("observerId", "=", THREAD_A.observerId).where("pollingStationId", "=", THREAD_A.pollingStationId);

/** Thread A's answers (or facts) on the server as the model's next answer needs them: deleted, or put back. */
async function bringThreadA(system: System, table: "answer" | "pollingStationInfo", present: boolean) {
  const { db } = system.server;
  const slot = table === "answer" ? "answers" : "facts";
  const rows = await threadRows(db, table).execute();
  if (present && rows.length === 0 && system.removed[slot]) {
    await db.insertInto(table).values(system.removed[slot] as never).execute();
    delete system.removed[slot];
  }
  if (!present && rows.length > 0) {
    system.removed[slot] = rows;
    await db.deleteFrom(table).where("observerId", "=", THREAD_A.observerId).where("pollingStationId", "=", THREAD_A.pollingStationId).execute();
  }
}

async function release(held: HeldRequests): Promise<unknown> {
  let body: unknown;
  await act(async () => {
    body = await held.release();
  });
  return body;
}

const fail = (held: HeldRequests) => act(() => held.answer(problem(FAILURE, "unavailable")));

/** The thread of the one load of a kind waiting on the server. */
function threadOf({ server }: System, path: string): string | null {
  const request = server.requests.filter((logged) => logged.path.startsWith(path) && !logged.cancelled).at(-1);
  return request?.path.split("?")[1] ?? null;
}

type Options = ModelTestOptions<typeof detailsMachine, ModelEvent, System>;

const eventExecutors: Options["eventExecutors"] = {
  "thread.change": ({ page }, { thread }) => page.openThread(key(thread)),
  "details.retry": ({ page }) => page.retry(),
  "form.select": ({ page }, { formId }) => page.chooseTab(titleOf(formId)),
  "form.retry": ({ page }) => page.retryForm(),
  "xstate.done.actor.answers": async (system, { output }) => {
    if (threadOf(system, "/api/v1/answers/filledIn")?.includes(query(THREAD_A))) await bringThreadA(system, "answer", output.questions.length > 0);
    expect(await release(system.held.answers)).toEqual(output.questions);
  },
  "xstate.error.actor.answers": ({ held }) => fail(held.answers),
  "xstate.done.actor.notes": async ({ held }, { output }) => expect(await release(held.notes)).toEqual(output),
  "xstate.error.actor.notes": ({ held }) => fail(held.notes),
  "xstate.done.actor.station": async (system, { output }) => {
    if (threadOf(system, "/api/v1/answers/pollingStationInfo")?.includes(stationQuery(THREAD_A))) await bringThreadA(system, "pollingStationInfo", output !== null);
    // 204 when the observer recorded nothing there.
    expect((await release(system.held.station)) ?? null).toEqual(output);
  },
  "xstate.error.actor.station": ({ held }) => fail(held.station),
  "xstate.done.actor.form": async (system, { output }) => {
    if (system.fetched.has(output.id)) return;
    expect(await release(system.held.form)).toEqual(output);
    system.fetched.add(output.id);
  },
  "xstate.error.actor.form": ({ held }) => fail(held.form),
};

const pad = (value: number) => String(value).padStart(2, "0");
/** yyyy-MM-dd HH:mm in jsdom's time zone, written apart from the pane's own formatter. */
function localMinute(iso: string) {
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
const yesNo = (value: boolean | null) => (value === null ? "Unknown" : value ? "Yes" : "No");
const LOAD_FAILED = `The answers could not be loaded (error ${FAILURE}). Try again.`;

/** The selected form's questions as the pane must show them: every question, the observer's choices checked. */
function questionsShown(form: FullForm, questions: FilledInQuestion[], notes: Note[]): QuestionView[] {
  return form.formSections.flatMap((section) =>
    section.questions.map((question) => {
      const chosen = questions.find((answered) => answered.id === question.id)?.answers.map((answer) => answer.idOption) ?? [];
      return {
        name: `${question.code} ${question.text}`,
        checked: question.optionsToQuestions.filter((option) => chosen.includes(option.idOption)).map((option) => option.text),
        notes: `Show notes (${notes.filter((note) => note.questionId === question.id).length})`,
      };
    }),
  );
}

/** What the pane must show in a state of the model: written out by hand from the screen's spec, not from its code. */
function expectedView(system: System, snapshot: DetailsSnapshot): DetailsView {
  if (snapshot.matches("loading")) return { phase: "loading" };
  if (snapshot.matches("failed")) return { phase: "failed", alerts: [`Error${LOAD_FAILED}`] };
  const { station, stationError, questions, notes, selectedFormId } = snapshot.context;
  const stationAlert = "The station facts could not be loaded." + LOAD_FAILED;
  const formFailed = snapshot.matches({ loaded: "formFailed" });
  const loadingForm = snapshot.matches({ loaded: "loadingForm" }) && !system.fetched.has(selectedFormId!);
  const formShown = snapshot.matches({ loaded: "formShown" }) || (snapshot.matches({ loaded: "loadingForm" }) && !loadingForm);
  return {
    phase: "loaded",
    alerts: [...(stationError ? [stationAlert] : []), ...(formFailed ? [`Error${LOAD_FAILED}`] : [])],
    facts: stationError
      ? stationAlert
      : station === null
        ? "The observer recorded no facts at this station."
        : [
            ["Arrival", station.observerArrivalTime ? localMinute(station.observerArrivalTime) : "Unknown"],
            ["Departure", station.observerLeaveTime ? localMinute(station.observerLeaveTime) : "Unknown"],
            ["Urban area", yesNo(station.urbanArea)],
            ["The president is a woman", yesNo(station.isPollingStationPresidentFemale)],
          ],
    stationNotes: notes.filter((note) => note.questionId === null).map((note) => `${localMinute(note.lastModified)}${note.text}`),
    tabs: formIdsOf(questions).map(titleOf),
    selectedTab: selectedFormId === null ? null : titleOf(selectedFormId),
    noForms: snapshot.matches({ loaded: "noForms" }),
    form: { loading: loadingForm, questions: formShown ? questionsShown(fullForm(selectedFormId!), questions, notes) : [] },
  };
}

/** Exactly the loads the state runs wait on the server, each for the thread shown (those left behind were cancelled). */
async function expectLoads(system: System, snapshot: DetailsSnapshot) {
  const { thread, selectedFormId } = snapshot.context;
  const pending = (region: string) => snapshot.matches({ loading: { [region]: "pending" } });
  const loads = [
    { held: system.held.answers, running: pending("answers"), path: "/api/v1/answers/filledIn", of: query(thread) },
    { held: system.held.notes, running: pending("notes"), path: "/api/v2/note", of: query(thread) },
    { held: system.held.station, running: pending("station"), path: "/api/v1/answers/pollingStationInfo", of: stationQuery(thread) },
  ];
  for (const load of loads) {
    await waitFor(() => expect(load.held.activeCount()).toBe(load.running ? 1 : 0));
    if (load.running) expect(threadOf(system, load.path)).toBe(load.of);
  }
  const formRequested = snapshot.matches({ loaded: "loadingForm" }) && !system.fetched.has(selectedFormId!);
  await waitFor(() => expect(system.held.form.activeCount()).toBe(formRequested ? 1 : 0));
  if (formRequested) expect(system.server.requests.filter((logged) => logged.path.startsWith("/api/v1/form/") && !logged.cancelled).at(-1)?.path).toBe(`/api/v1/form/${selectedFormId}`);
}

const stateAssertions: Record<string, (system: System, snapshot: DetailsSnapshot) => unknown> = {
  loading: async (system, snapshot) => {
    await eventually(() => system.page.view()).toEqual(expectedView(system, snapshot));
    await expectLoads(system, snapshot);
  },
  loaded: async (system, snapshot) => {
    await eventually(() => system.page.view()).toEqual(expectedView(system, snapshot));
    await expectLoads(system, snapshot);
  },
  failed: async (system, snapshot) => {
    await eventually(() => system.page.view()).toEqual(expectedView(system, snapshot));
    await expectLoads(system, snapshot);
  },
};

/** A path the screen cannot take: a form it already holds failing to load. */
function possibleOnScreen(path: Candidate<typeof detailsMachine, ModelEvent, null>["path"]) {
  const fetched = new Set<number>();
  return path.steps.every(({ event }, index) => {
    const formId = path.steps[index - 1]?.state.context.selectedFormId ?? null;
    if (event.type === "xstate.error.actor.form") return formId === null || !fetched.has(formId);
    if (event.type === "xstate.done.actor.form") fetched.add(event.output.id);
    return true;
  });
}

/** What a loaded pane shows that its transitions alone do not tell apart: the station facts, or why there are none. */
function views({ context }: DetailsSnapshot): string[] {
  return [`station ${context.stationError ? "failed" : context.station ? "facts" : "none"} on ${key(context.thread)}`];
}

function describeEvent(event: ModelEvent): string {
  switch (event.type) {
    case "thread.change":
      return `open thread ${key(event.thread)}`;
    case "form.select":
      return `tab ${titleOf(event.formId)}`;
    case "xstate.done.actor.answers":
      return event.output.questions.length > 0 ? "answers arrive" : "no answers arrive";
    case "xstate.done.actor.station":
      return event.output ? "facts arrive" : "no facts arrive";
    default:
      return event.type.replace(/^xstate\.(done|error)\.actor\.(.*)$/, (_, outcome: string, id: string) => `${id} ${outcome === "done" ? "arrive" : "fail"}`);
  }
}

const candidates = shortestPaths(detailsMachine, {
  input: THREAD_A,
  events,
  // Where a path is, which thread, what arrived and what failed (not the payloads' details).
  distinguish: ({ context }) => [
    context.thread.observerId,
    context.questions.length,
    context.notes.length,
    context.station === null,
    context.stationError?.code ?? null,
    context.error?.code ?? null,
    context.selectedFormId,
    context.formError?.code ?? null,
  ],
})
  .filter(possibleOnScreen)
  .map((path) => ({ path, extra: null }));
const chosen = fewestCoveringPaths(detailsMachine, candidates, views);

describe(`${detailsMachine.id} model on the answers screen`, () => {
  for (const { path } of chosen) {
    const steps = path.steps.slice(1).map((step) => describeEvent(step.event));
    it(steps.join(" → "), { timeout: 60_000 }, () =>
      replayPath(path, { machine: detailsMachine, input: THREAD_A, events: [], setUp, eventExecutors, stateAssertions }));
  }
});

describe(`${detailsMachine.id} model coverage`, () => {
  const taken = new Set(chosen.flatMap(({ path }) => pathTransitions(detailsMachine, path)));
  const reached = new Set(chosen.flatMap(({ path }) => path.steps.map((step) => JSON.stringify(step.state.value))));

  // Pinned: a chart change that multiplies the paths (each a render of the screen) shows in review.
  it("replays 5 of the 155 shortest paths", () => {
    expect(candidates).toHaveLength(155);
    expect(chosen).toHaveLength(5);
  });

  it("takes every transition of the chart", () => {
    expect(chartTransitions(detailsMachine).filter((transition) => !taken.has(transition))).toEqual([]);
  });

  it("reaches every resting state of the pane", () => {
    const leaves = [...reached].map((value) => JSON.parse(value) as unknown);
    for (const leaf of ["failed", { loaded: "noForms" }, { loaded: "loadingForm" }, { loaded: "formShown" }, { loaded: "formFailed" }]) {
      expect(leaves).toContainEqual(leaf);
    }
    expect(leaves).toContainEqual({ loading: { answers: "settled", notes: "settled", station: "pending" } });
  });
});
