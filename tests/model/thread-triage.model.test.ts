import { describe, expect, it, onTestFinished, vi } from "vitest";
import { act, waitFor } from "@testing-library/react";
import { initialTransition, transition, type DoneActorEvent, type ErrorActorEvent, type EventObject, type SnapshotFrom } from "xstate";
import { KEEP_ALIVE_FRAME, RESET_FRAME } from "../../server/src/live/events.ts";
import { claimThread } from "../../server/src/reports/triage/claims.ts";
import { threadClaimMachine, type ThreadClaimEvent } from "../../src/features/answers/details/triage/thread-claim.machine";
import { threadTriageMachine, type ThreadTriageEvent } from "../../src/features/answers/details/triage/thread-triage.machine";
import type { LoadedTriage, ThreadClaim, ThreadReview, ThreadTriage, TimelineEntry } from "../../src/features/answers/details/triage/triage.types";
import { replayPath, shortestPaths, type ModelPath, type ModelTestOptions } from "../support/model";
import { chartTransitions, fewestCoveringPaths, pathTransitions, selectedTransitions, type Candidate } from "../support/model-cover";
import { renderApp } from "../support/render-app";
import { answerRoutes } from "../../src/features/answers/answer.routes";
import { COLLEAGUE, ME, THREAD_A, THREAD_B, twoAnswerThreads } from "../support/seeds/answer-threads.seed";
import { askBeforeTests, problem, startTestServer, TEST_NOW, type HeldRequests, type TestServer } from "../support/test-server";
import { answerDetails } from "../pages/dom/answer-details";
import { threadTriage } from "../pages/dom/thread-triage";
import { eventually, type ControlState } from "../pages/locators";
import type { ThreadTriage as TriagePanel, TriageView } from "../pages/thread-triage";

/** The screens this test visits. */
const FEATURES = [answerRoutes];

/*
 * The triage panel's two statecharts, replayed on the real answers screen (/answers/details/3/10, signed in as
 * admin.cfr) over the real server: the panel's own (thread-triage.machine.ts: loading, the review state, the
 * comments, keeping in sync) and its claim child's (thread-claim.machine.ts: who holds the thread). Every request of
 * the panel is held until the path says how it ends: a done event lets it reach the server, which must answer what the
 * model expects (the test first brings the server where the event says: the colleague dan.cfr claims or takes the
 * thread over, or a claim lapses); an error event answers it with a 503, a 409 the server itself gives, or a network
 * failure. Each state then asserts what the user sees (who holds the thread, which buttons work, the review state, the
 * comment box, every error text), what the screen sent (takeOver, the state with its note, the comment with its
 * idempotency key) and what the server now holds.
 *
 * Outside events come the way the app gets them: a refresh from the live stream (a reset frame, the test plays the
 * stream), the keyboard triage's keys (c, 3, n), another thread opened from the list. The 30 s heartbeat runs on
 * fake timers; the clock offset shows as the claim's age, 0 min on the server's clock (the server's time is fixed at
 * TEST_NOW, six days before the browser's; without the offset the age would read thousands of minutes).
 *
 * Each chart has its own paths. A panel path leaves the claim where its loads put it (nobody holds the thread); a
 * claim path leaves the rest of the panel as its first load showed it, and its `claim.loaded` is a load of the panel
 * (the first, or a reload the claim asked for or the live stream brings) answering who holds the thread. The claim
 * path's commands and thread change reach the claim through the panel, which passes them on: those of the panel's
 * transitions are taken by the claim paths (`throughPanel`).
 *
 * Each family explores a few events; of all their shortest paths, the fewest that take every transition of the chart
 * and show every view (tests/support/model-cover.ts) are replayed.
 */

const HEARTBEAT = "xstate.after.heartbeat.threadClaim.held.waiting";
const NOW = TEST_NOW.toISOString();
const EXPIRES = new Date(TEST_NOW.getTime() + 90_000).toISOString();
const DRAFT = "Lawyer on the way";
const FIRST_PAINT_MS = 20_000;
const NOTE = "Called the observer";

type Failure = { status: number; code: string; claim?: ThreadClaim | null };
type TriageEvent =
  | ThreadTriageEvent
  | DoneActorEvent<LoadedTriage, "load">
  | ErrorActorEvent<Failure, "load">
  | DoneActorEvent<LoadedTriage, "reload">
  | ErrorActorEvent<Failure, "reload">
  | DoneActorEvent<ThreadReview, "setState">
  | ErrorActorEvent<Failure, "setState">
  | DoneActorEvent<TimelineEntry, "comment">
  | ErrorActorEvent<Failure, "comment">;
type ClaimEvent =
  | ThreadClaimEvent
  | { type: typeof HEARTBEAT }
  | DoneActorEvent<ThreadClaim, "claim">
  | ErrorActorEvent<Failure, "claim">
  | DoneActorEvent<ThreadClaim, "renew">
  | ErrorActorEvent<Failure, "renew">
  | DoneActorEvent<undefined, "release">
  | ErrorActorEvent<Failure, "release">;

/** The claims the server gives at TEST_NOW (its clock is fixed): the user's, and the colleague's. */
const mine: ThreadClaim = { holderId: 1, holder: ME, since: NOW, expiresAt: EXPIRES, mine: true };
const colleagues: ThreadClaim = { holderId: 2, holder: COLLEAGUE, since: NOW, expiresAt: EXPIRES, mine: false };
const untouched: ThreadReview = { state: "new", resolutionNote: null, changedAt: null, changedBy: null };
const changed = (state: ThreadReview["state"], note: string | null): ThreadReview => ({ state, resolutionNote: note, changedAt: NOW, changedBy: ME });

/** Thread A's triage as the server first answers it (its notes and answers), asked before the graph is built. */
const [first] = (await askBeforeTests(twoAnswerThreads, ME, [threadPath(THREAD_A)])) as [ThreadTriage];
const commentOf = (text: string): TimelineEntry => ({ id: "event-comment", kind: "comment", at: NOW, actor: { kind: "staff", name: ME }, text });
const commentTexts = (timeline: TimelineEntry[]) => timeline.filter((entry) => entry.kind === "comment").map((entry) => entry.text);
/** A load's answer: the claim, the review and the comments the model expects (receivedAt is the screen's own). */
const loaded = (claim: ThreadClaim | null, review: ThreadReview = untouched, comments: TimelineEntry[] = []): LoadedTriage => ({
  triage: { ...first, claim, review, timeline: [...first.timeline, ...comments] },
  receivedAt: TEST_NOW.getTime(),
});

const unavailable: Failure = { status: 503, code: "unavailable" };
const networkFailure: Failure = { status: 0, code: "network_error" };
function done<Event extends EventObject>(id: string, output: unknown) {
  return { type: `xstate.done.actor.${id}`, actorId: id, output } as unknown as Event;
}
function failed<Event extends EventObject>(id: string, error: Failure) {
  return { type: `xstate.error.actor.${id}`, actorId: id, error } as unknown as Event;
}
const claimLoaded = (claim: ThreadClaim | null): ClaimEvent => ({ type: "claim.loaded", claim });

function threadPath({ observerId, pollingStationId }: { observerId: number; pollingStationId: number }, rest = "") {
  return `/api/v1/answers/threads/${observerId}/${pollingStationId}${rest}`;
}

/**
 * The live stream, played by the test: the app reads it as it reads the server's. A reset frame makes it refresh the
 * open panel; keep-alive comments, as the server sends, keep its silence watchdog (45 s) quiet across a heartbeat.
 */
function liveStream() {
  const open: { controller: ReadableStreamDefaultController<Uint8Array>; signal: AbortSignal }[] = [];
  const listening = () => open.filter(({ signal }) => !signal.aborted);
  const send = (frame: string) => {
    for (const { controller } of listening()) controller.enqueue(new TextEncoder().encode(frame));
  };
  return {
    answer(request: Request): Response {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          open.push({ controller, signal: request.signal });
          request.signal.addEventListener("abort", () => controller.error(Object.assign(new Error("cancelled"), { name: "AbortError" })), { once: true });
        },
      });
      return new Response(body, { status: 200, headers: { "content-type": "text/event-stream" } });
    },
    reset() {
      if (listening().length !== 1) throw new Error(`expected one live stream, found ${listening().length}`);
      send(RESET_FRAME);
    },
    keepAlive: () => send(KEEP_ALIVE_FRAME),
  };
}

/** Lets the app take what it was sent (a stream's bytes go through a few promise and macrotask turns). */
const settle = () => act(() => new Promise<void>((resolve) => setImmediate(resolve)));

type Held = "triage" | "claim" | "renew" | "release" | "state" | "comment";

interface System {
  server: TestServer;
  held: Record<Held, HeldRequests>;
  live: ReturnType<typeof liveStream>;
  page: TriagePanel;
  openThread: (key: string) => Promise<void>;
  /** The Idempotency-Key of every comment the screen sent, in order; and whether each send retried a failed one. */
  commentKeys: (string | null)[];
  sends: { retry: boolean }[];
  closed: boolean;
}

async function setUp({ fakeTimers }: { fakeTimers: boolean }): Promise<System> {
  // Only setTimeout: the heartbeat's `after`. Fake time also moves with real time, so every other wait still ends.
  if (fakeTimers) {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"], shouldAdvanceTime: true, advanceTimeDelta: 5 });
    onTestFinished(() => void vi.useRealTimers());
  }
  const server = await startTestServer({ seed: twoAnswerThreads });
  const claim = "/api/v1/answers/threads/*/*/claim";
  const held = {
    triage: server.hold("GET /api/v1/answers/threads/*/*"),
    claim: server.hold(`POST ${claim}`),
    renew: server.hold(`PUT ${claim}`),
    release: server.hold(`DELETE ${claim}`),
    state: server.hold("PUT /api/v1/answers/threads/*/*/state"),
    comment: server.hold("POST /api/v1/answers/threads/*/*/comments"),
  };
  // The rest of the pane (answers, notes, station facts, forms) and the header's count wait for ever: the panel never
  // reads them, and the server spares the work.
  for (const elsewhere of ["GET /api/v1/answers/filledIn", "GET /api/v1/form", "GET /api/v1/form/*", "GET /api/v2/note", "GET /api/v1/answers/pollingStationInfo", "GET /api/v1/polling-station", "GET /api/v1/answers/summary"]) {
    server.hold(elsewhere);
  }
  const live = liveStream();
  // Real time (only setTimeout is faked): a keep-alive every 5 s, as the server sends one every 15 s.
  const keepAlive = setInterval(live.keepAlive, 5_000);
  onTestFinished(() => clearInterval(keepAlive));
  const commentKeys: (string | null)[] = [];
  const network = (request: Request) => {
    const { pathname } = new URL(request.url);
    if (request.method === "GET" && pathname === "/api/v1/live") return Promise.resolve(live.answer(request));
    if (request.method === "POST" && pathname.endsWith("/comments")) commentKeys.push(request.headers.get("Idempotency-Key"));
    return server.fetch(request);
  };
  const app = renderApp({ features: FEATURES, path: `/answers/details/${THREAD_A.observerId}/${THREAD_A.pollingStationId}`, storedToken: await server.tokenFor(ME), fetch: network });
  // The first paint loads the answers screen's chunks: on a busy machine, longer than a step's wait.
  await waitFor(() => expect(document.querySelector("#thread-triage-title")).not.toBeNull(), { timeout: FIRST_PAINT_MS });
  const details = answerDetails(app.user);
  return { server, held, live, page: threadTriage(app.user), openThread: (key) => details.openThread(key), commentKeys, sends: [], closed: false };
}

/** The thread's claim on the server, by holder account; null when nobody holds it (or it lapsed). */
async function serverClaim({ server }: System): Promise<string | null> {
  const row = await server.db
    .selectFrom("answerThread as t")
    .leftJoin("ngoAdmin as a", "a.id", "t.claimAdminId")
    .select(["a.account", "t.claimExpiresAt"])
    .where("t.observerId", "=", THREAD_A.observerId)
    .where("t.pollingStationId", "=", THREAD_A.pollingStationId)
    .executeTakeFirstOrThrow();
  return row.account && row.claimExpiresAt && row.claimExpiresAt > TEST_NOW ? row.account : null;
}

const admins = {
  [ME]: { kind: "admin" as const, adminId: 1, account: ME, ngoId: 1, organizer: true },
  [COLLEAGUE]: { kind: "admin" as const, adminId: 2, account: COLLEAGUE, ngoId: 1, organizer: true },
};

/**
 * Brings the server's claim to `claim` before a request reaches it: someone claims (or takes over) through the
 * server's own claimThread, from elsewhere; a claim that must be gone lapses (its expiry reaches the server's clock).
 */
async function bringClaimTo(system: System, claim: ThreadClaim | null) {
  const holder = await serverClaim(system);
  if (claim?.holder === holder) return;
  if (claim) {
    await claimThread(system.server.db, admins[claim.holder as keyof typeof admins], { ...THREAD_A, electionRoundId: 1 }, true, TEST_NOW);
    return;
  }
  await system.server.db
    .updateTable("answerThread")
    .set({ claimExpiresAt: TEST_NOW })
    .where("observerId", "=", THREAD_A.observerId)
    .where("pollingStationId", "=", THREAD_A.pollingStationId)
    .execute();
}

/** The body of the last request of a kind that the screen sent (and did not cancel). */
function lastSent({ server }: System, method: string, suffix: string) {
  return server.requests.filter((request) => request.method === method && request.path.endsWith(suffix) && !request.cancelled).at(-1)?.body;
}

async function releaseHeld(held: HeldRequests): Promise<unknown> {
  let body: unknown;
  await act(async () => {
    body = await held.release();
  });
  return body;
}

function answerHeld(held: HeldRequests, response: Response | null) {
  act(() => (response ? held.answer(response) : held.fail()));
}

const failure = (error: Failure) => (error.status === 0 ? null : problem(error.status, error.code));

/** A load or reload: the server is brought to the model's claim, then answers the review and comments it expects. */
async function load(system: System, output: LoadedTriage) {
  await bringClaimTo(system, output.triage.claim);
  const body = (await releaseHeld(system.held.triage)) as ThreadTriage;
  expect(body.claim).toEqual(output.triage.claim);
  expect(body.review).toEqual(output.triage.review);
  expect(commentTexts(body.timeline)).toEqual(commentTexts(output.triage.timeline));
}

type TriageSnapshot = SnapshotFrom<typeof threadTriageMachine>;
type ClaimSnapshot = SnapshotFrom<typeof threadClaimMachine>;
type TriageOptions = ModelTestOptions<typeof threadTriageMachine, TriageEvent, System>;
type ClaimOptions = ModelTestOptions<typeof threadClaimMachine, ClaimEvent, System>;

/** The panel and its claim as the other chart's paths leave them: loading; shown with nobody holding the thread. */
const [PANEL_LOADING] = initialTransition(threadTriageMachine, THREAD_A);
const [PANEL_READY] = transition(threadTriageMachine, PANEL_LOADING, done<ThreadTriageEvent>("load", loaded(null)));
const [NOBODY_HOLDS] = transition(threadClaimMachine, initialTransition(threadClaimMachine, THREAD_A)[0], { type: "claim.loaded", claim: null });

function open(system: System) {
  if (system.closed) throw new Error("another thread was opened: a path ends with thread.change");
  return system;
}

/** The panel reloads, asked by the claim: the next `claim.loaded` answers it. */
async function reloadAsked(system: System, before: number) {
  await waitFor(() => expect(system.held.triage.receivedCount()).toBe(before + 1));
}

// Another thread opened from the list: the panel starts over on it, and releases the claim it held (fire and forget).
async function openThreadB(system: System) {
  const holding = (await serverClaim(open(system))) === ME;
  await system.openThread(`${THREAD_B.observerId}-${THREAD_B.pollingStationId}`);
  system.closed = true;
  if (holding) {
    await waitFor(() => expect(system.held.release.activeCount()).toBe(1));
    await releaseHeld(system.held.release);
  }
  expect(system.held.release.receivedCount()).toBe(holding ? 1 : 0);
  expect(await serverClaim(system)).toBeNull();
}

const triageExecutors: TriageOptions["eventExecutors"] = {
  "xstate.done.actor.load": (system, { output }) => load(open(system), output),
  "xstate.error.actor.load": (system, { error }) => answerHeld(open(system).held.triage, failure(error)),
  "xstate.done.actor.reload": (system, { output }) => load(open(system), output),
  "xstate.error.actor.reload": (system, { error }) => answerHeld(open(system).held.triage, failure(error)),
  "triage.retry": (system) => open(system).page.retry(),
  "triage.refresh": async (system) => {
    const before = open(system).held.triage.receivedCount();
    act(() => system.live.reset());
    await waitFor(() => expect(system.held.triage.receivedCount()).toBe(before + 1));
  },
  // The claim's commands are the claim paths' (the panel passes them on): no panel path sends them.
  "triage.claim": () => Promise.reject(new Error("a claim path's command")),
  "triage.takeOver": () => Promise.reject(new Error("a claim path's command")),
  "takeOver.confirm": () => Promise.reject(new Error("a claim path's command")),
  "takeOver.cancel": () => Promise.reject(new Error("a claim path's command")),
  "triage.release": () => Promise.reject(new Error("a claim path's command")),
  "triage.setState": async (system, { state }) => {
    if (state === "resolved") {
      // The Resolve button under the note, or the keyboard triage's 3 (no note) when no note is asked.
      const { resolution } = (await open(system).page.view()) as Extract<TriageView, { phase: "ready" }>;
      return resolution ? system.page.resolve() : system.page.shortcut("3");
    }
    return open(system).page.chooseState(STATE_LABELS[state]);
  },
  "triage.undo": (system) => open(system).page.undo(),
  "resolution.start": (system) => open(system).page.chooseState(STATE_LABELS.resolved),
  "resolution.edit": (system, { note }) => open(system).page.typeResolutionNote(note),
  "resolution.cancel": (system) => open(system).page.cancelResolution(),
  "xstate.done.actor.setState": async (system, { output }) => expect(await releaseHeld(open(system).held.state)).toEqual(output),
  "xstate.error.actor.setState": (system, { error }) => answerHeld(open(system).held.state, failure(error)),
  "comment.edit": (system, { text }) => open(system).page.typeComment(text),
  "comment.send": async (system) => {
    const { alerts } = (await open(system).page.view()) as Extract<TriageView, { phase: "ready" }>;
    system.sends.push({ retry: alerts.some((alert) => alert.startsWith(COMMENT_FAILED)) });
    await system.page.addComment();
  },
  "xstate.done.actor.comment": async (system, { output }) => {
    // The server numbers its entries: all else is the model's.
    const { kind, actor, text } = output;
    expect(await releaseHeld(open(system).held.comment)).toMatchObject({ kind, actor, text });
  },
  "xstate.error.actor.comment": (system, { error }) => answerHeld(open(system).held.comment, failure(error)),
  "triage.comment.focus": async (system) => {
    await open(system).page.shortcut("n");
    await eventually(() => system.page.commentFocused()).toBe(true);
  },
  "thread.change": openThreadB,
};

const claimExecutors: ClaimOptions["eventExecutors"] = {
  // A load of the panel: the one waiting (the first, or a reload the claim asked for), else one the live stream brings.
  "claim.loaded": async (system, { claim }) => {
    if (open(system).held.triage.activeCount() === 0) {
      const before = system.held.triage.receivedCount();
      act(() => system.live.reset());
      await reloadAsked(system, before);
    }
    await load(system, loaded(claim));
  },
  // The Claim button where the panel shows one; elsewhere (held by someone else) the keyboard triage's c.
  "triage.claim": async (system) => {
    const { claim } = (await open(system).page.view()) as Extract<TriageView, { phase: "ready" }>;
    await (claim === "absent" ? system.page.shortcut("c") : system.page.claim());
  },
  "triage.takeOver": (system) => open(system).page.takeOver(),
  "takeOver.confirm": (system) => open(system).page.confirmTakeOver(),
  "takeOver.cancel": (system) => open(system).page.cancelTakeOver(),
  "triage.release": (system) => open(system).page.release(),
  // The contract's heartbeat: a claim lives 90 s and is renewed every 30 s, not sooner.
  [HEARTBEAT]: async (system) => {
    const renewals = open(system).held.renew.receivedCount();
    system.live.keepAlive();
    await settle();
    act(() => void vi.advanceTimersByTime(25_000));
    await settle();
    expect(system.held.renew.receivedCount()).toBe(renewals);
    act(() => void vi.advanceTimersByTime(5_000));
  },
  "xstate.done.actor.claim": async (system, { output }) => {
    // Nobody else holds it by then, unless this claim takes it over.
    const { takeOver } = lastSent(open(system), "POST", "/claim") as { takeOver: boolean };
    if (!takeOver && (await serverClaim(system)) === COLLEAGUE) await bringClaimTo(system, null);
    const reloads = system.held.triage.receivedCount();
    expect(await releaseHeld(system.held.claim)).toEqual(output);
    await reloadAsked(system, reloads);
  },
  "xstate.error.actor.claim": async (system, { error }) => {
    if (error.code !== "claim_held") return answerHeld(open(system).held.claim, failure(error));
    // The colleague claimed it first: the server's own 409 says who holds it.
    await bringClaimTo(open(system), error.claim ?? null);
    expect(await releaseHeld(system.held.claim)).toMatchObject({ status: 409, code: "claim_held", claim: error.claim });
  },
  "xstate.done.actor.renew": async (system, { output }) => expect(await releaseHeld(open(system).held.renew)).toEqual(output),
  "xstate.error.actor.renew": async (system, { error }) => {
    if (error.code !== "claim_lost") return answerHeld(open(system).held.renew, failure(error));
    await bringClaimTo(open(system), error.claim ?? null);
    const reloads = system.held.triage.receivedCount();
    expect(await releaseHeld(system.held.renew)).toMatchObject({ status: 409, code: "claim_lost", claim: error.claim });
    await reloadAsked(system, reloads);
  },
  "xstate.done.actor.release": async (system) => {
    // The release ends the user's claim; a colleague's taken meanwhile has lapsed by then, as the model says nobody holds it.
    if ((await serverClaim(open(system))) === COLLEAGUE) await bringClaimTo(system, null);
    const reloads = system.held.triage.receivedCount();
    expect(await releaseHeld(system.held.release)).toBeUndefined();
    await reloadAsked(system, reloads);
  },
  "xstate.error.actor.release": (system, { error }) => answerHeld(open(system).held.release, failure(error)),
  "thread.change": openThreadB,
};

const STATE_LABELS = { new: "New", in_progress: "In progress", resolved: "Resolved" } as const;
const COMMENT_FAILED = "The comment was not added";
const SAVE_FAILED = "The change could not be saved (error 503). Try again.";

/**
 * What the panel must show with the panel's chart in `panel` and its claim's in `claim`: written out by hand from the
 * screen's spec, not from its code.
 */
function expectedView(panel: TriageSnapshot, claimState: ClaimSnapshot): TriageView {
  if (panel.matches("loading")) return { phase: "loading" };
  if (panel.matches("failed")) return { phase: "failed", alerts: ["ErrorThe triage could not be loaded (error 503). Try again."] };
  const context = panel.context;
  const claim = claimState.context.claim;
  const holderText = claim === null ? null : claim.mine ? "You hold this thread · 0 min" : `Held by ${claim.holder} · 0 min`;
  const claimAt = (leaf: ClaimLeaf) => claimState.matches(leaf);
  const nobody = claimAt("none") || claimAt("claiming");
  const lost = claimAt("lost");
  const confirming = claimState.matches({ heldByOther: "confirming" });
  const idle = panel.matches({ ready: { state: "idle" } });
  const resolving = panel.matches({ ready: { state: "resolving" } });
  const saving = panel.matches({ ready: { state: "saving" } });
  const sending = panel.matches({ ready: { comment: "sending" } });
  const commentFailed = panel.matches({ ready: { comment: "failed" } });
  const button = (shown: boolean, busy = false): ControlState => (!shown ? "absent" : busy ? "busy" : "enabled");
  const shownState = context.stateChange?.state ?? context.review?.state ?? "new";
  const undoTo = idle && context.undoTo !== null && context.undoTo.state !== context.review?.state ? context.undoTo.state : null;
  return {
    phase: "ready",
    alerts: [
      ...(lost ? [`You no longer hold this thread${claim ? `${claim.holder} holds it now.` : "Your claim lapsed; nobody holds it now."}`] : []),
      ...(claimState.context.claimError ? [SAVE_FAILED] : []),
      ...(context.stateError ? [SAVE_FAILED] : []),
      ...(commentFailed ? [`${COMMENT_FAILED}Cannot reach the server. Check your connection and try again. Your text is kept.`] : []),
    ],
    holder: nobody ? "Nobody holds this thread." : lost ? null : holderText,
    claim: button(nobody || (lost && claim === null), claimAt("claiming")),
    release: button(claimAt("held") || claimAt("releasing"), claimAt("releasing")),
    takeOver: button(claimAt("heldByOther") || (lost && claim !== null)),
    dialog: confirming ? `Take over this thread?${claim?.holder} holds this thread. The timeline will show that you took it over.CancelTake over` : null,
    review: { chosen: STATE_LABELS[resolving ? "resolved" : shownState], control: saving ? "disabled" : "enabled" },
    undo: undoTo ? `Undo (back to ${STATE_LABELS[undoTo]})` : null,
    resolution: resolving ? { note: context.resolutionDraft } : null,
    comment: { text: context.commentDraft, readOnly: sending, add: sending ? "busy" : context.commentDraft.trim() ? "enabled" : "disabled" },
    comments: commentTexts(context.timeline).map((text) => text ?? ""),
  };
}

/** Exactly `count` requests of a kind wait on the server (a state left behind cancelled its own). */
const waiting = async (held: HeldRequests, count: number) => waitFor(() => expect(held.activeCount()).toBe(count));

async function serverComments({ server }: System) {
  const rows = await server.db
    .selectFrom("threadEvent")
    .select("text")
    .where("kind", "=", "comment")
    .where("observerId", "=", THREAD_A.observerId)
    .where("pollingStationId", "=", THREAD_A.pollingStationId)
    .orderBy("id")
    .execute();
  return rows.map((row) => row.text);
}

async function serverReview({ server }: System) {
  return server.db
    .selectFrom("answerThread")
    .select(["state", "resolutionNote"])
    .where("observerId", "=", THREAD_A.observerId)
    .where("pollingStationId", "=", THREAD_A.pollingStationId)
    .executeTakeFirstOrThrow();
}

const triageAssertions: Record<string, (system: System, snapshot: TriageSnapshot) => unknown> = {
  loading: async (system, snapshot) => {
    await eventually(() => system.page.view()).toEqual(expectedView(snapshot, NOBODY_HOLDS));
    await waiting(system.held.triage, 1);
  },
  failed: async (system, snapshot) => {
    await eventually(() => system.page.view()).toEqual(expectedView(snapshot, NOBODY_HOLDS));
    await waiting(system.held.triage, 0);
  },
  ready: async (system, snapshot) => {
    if (system.closed) return;
    await eventually(() => system.page.view()).toEqual(expectedView(snapshot, NOBODY_HOLDS));
  },
  "ready.sync": async (system, snapshot) => {
    if (system.closed) return;
    await waiting(system.held.triage, snapshot.matches({ ready: { sync: "reloading" } }) ? 1 : 0);
  },
  "ready.state": async (system, snapshot) => {
    if (system.closed) return;
    const saving = snapshot.context.stateChange;
    await waiting(system.held.state, saving ? 1 : 0);
    if (saving) {
      const note = saving.state === "resolved" && saving.note.trim() ? { note: saving.note } : {};
      expect(lastSent(system, "PUT", "/state")).toEqual({ state: saving.state, ...note });
    }
    const review = snapshot.context.review!;
    expect(await serverReview(system)).toEqual({ state: review.state, resolutionNote: review.resolutionNote });
  },
  "ready.comment": async (system, snapshot) => {
    if (system.closed) return;

    const sending = snapshot.matches({ ready: { comment: "sending" } });
    await waiting(system.held.comment, sending ? 1 : 0);
    if (sending) {
      expect(lastSent(system, "POST", "/comments")).toEqual({ text: snapshot.context.commentDraft });
      // A retry of a failed send carries the same key, so the server adds the comment once; a new draft a new key.
      expect(system.commentKeys).toHaveLength(system.sends.length);
      const [key, ...earlier] = [...system.commentKeys].reverse();
      expect(key).toMatch(/^[0-9a-f-]{36}$/);
      if (system.sends.at(-1)!.retry) expect(key).toBe(earlier[0]);
      else expect(earlier).not.toContain(key);
    }
    expect(await serverComments(system)).toEqual(commentTexts(snapshot.context.timeline));
  },
};

type ClaimLeaf = "unknown" | "none" | "claiming" | "held" | "releasing" | "heldByOther" | "lost" | { held: "renewing" };

/** One assertion for every state of the claim: the panel around it is as its first load showed it. */
async function claimAssertion(system: System, snapshot: ClaimSnapshot) {
  if (system.closed) return;
  const at = (leaf: ClaimLeaf) => snapshot.matches(leaf);
  await eventually(() => system.page.view()).toEqual(expectedView(at("unknown") ? PANEL_LOADING : PANEL_READY, snapshot));
  await waiting(system.held.claim, at("claiming") ? 1 : 0);
  await waiting(system.held.renew, at({ held: "renewing" }) ? 1 : 0);
  await waiting(system.held.release, at("releasing") ? 1 : 0);
  // The claim request asks to take the thread over exactly when the user confirmed a take-over.
  if (at("claiming")) expect(lastSent(system, "POST", "/claim")).toEqual({ takeOver: snapshot.context.takingOver });
  // What the server holds is what the panel says (requests still waiting have not changed it).
  expect(await serverClaim(system)).toBe(snapshot.context.claim?.holder ?? null);
}
const claimAssertions: Record<string, (system: System, snapshot: ClaimSnapshot) => unknown> = Object.fromEntries(
  ["unknown", "none", "claiming", "held", "lost", "heldByOther", "releasing"].map((state) => [state, claimAssertion]),
);

const holderOf = (claim: ThreadClaim | null) => (claim === null ? "nobody" : claim.mine ? "me" : "a colleague");

/** What a panel state shows that its transitions alone do not tell apart: the state saved (with a note, as an undo). */
function triageViews(snapshot: TriageSnapshot): string[] {
  const { stateChange } = snapshot.context;
  return snapshot.matches("ready") && stateChange ? [`saving ${stateChange.state}${stateChange.note.trim() ? " with a note" : ""}${stateChange.undo ? " (undo)" : ""}`] : [];
}

/** What a claim state or step shows that transitions alone do not tell apart: whom a lost claim went to, the claim the panel let go. */
function claimViews(snapshot: ClaimSnapshot, event: EventObject, previous: ClaimSnapshot | undefined): string[] {
  return [
    ...(snapshot.matches("lost") ? [`lost to ${holderOf(snapshot.context.claim)}`] : []),
    ...(event.type === "thread.change" ? [`another thread opened, held by ${holderOf(previous?.context.claim ?? null)}`] : []),
  ];
}

const loads = (...claims: (ThreadClaim | null)[]): TriageEvent[] => [
  ...claims.map((claim) => done<TriageEvent>("load", loaded(claim))),
  failed<TriageEvent>("load", unavailable),
  { type: "triage.retry" },
];
const claimFacts = ({ context }: ClaimSnapshot) => [holderOf(context.claim), context.claimError?.status ?? null, context.takingOver];

interface Family<Snapshot, Event> {
  name: string;
  events: (snapshot: Snapshot) => Event[];
  distinguish: (snapshot: Snapshot) => unknown;
}

const triageFamilies: Family<TriageSnapshot, TriageEvent>[] = [
  {
    name: "review state",
    distinguish: ({ context }) => [context.review, context.undoTo?.state ?? null, context.stateChange, context.stateError?.status ?? null, context.resolutionDraft],
    events: (snapshot) => {
      const { review, stateChange, resolutionDraft } = snapshot.context;
      const resolving = snapshot.matches({ ready: { state: "resolving" } });
      const saved = stateChange && changed(stateChange.state, stateChange.state === "resolved" ? stateChange.note.trim() || null : null);
      return [
        ...loads(null),
        { type: "triage.setState", state: "in_progress" },
        { type: "triage.setState", state: "new" },
        // Resolved asks for the note first; the keyboard's 3 resolves without one.
        resolving ? { type: "triage.setState", state: "resolved", note: resolutionDraft } : { type: "triage.setState", state: "resolved" },
        ...(review?.state === "resolved" ? [] : [{ type: "resolution.start" } as const]),
        { type: "resolution.edit", note: NOTE },
        { type: "resolution.cancel" },
        { type: "triage.undo" },
        ...(saved ? [done<TriageEvent>("setState", saved)] : []),
        failed<TriageEvent>("setState", unavailable),
      ];
    },
  },
  {
    name: "comment",
    distinguish: ({ context }) => [context.commentDraft, context.commentKey, context.commentError?.status ?? null, commentTexts(context.timeline)],
    events: ({ context }) => [
      ...loads(null),
      // One comment a path: the second would only repeat the first.
      ...(commentTexts(context.timeline).length > 0 ? [] : [{ type: "comment.edit", text: DRAFT } as const]),
      { type: "comment.edit", text: "" },
      { type: "comment.send", key: "key-of-the-draft" },
      { type: "triage.comment.focus" },
      { type: "triage.refresh" },
      done<TriageEvent>("reload", loaded(null, untouched, context.timeline.filter((entry) => entry.kind === "comment"))),
      failed<TriageEvent>("reload", unavailable),
      done<TriageEvent>("comment", commentOf(context.commentDraft)),
      failed<TriageEvent>("comment", networkFailure),
    ],
  },
];

const claimFamilies: Family<ClaimSnapshot, ClaimEvent>[] = [
  {
    name: "claim",
    distinguish: claimFacts,
    events: (snapshot) => [
      // A load lands in any state: the first, a reload the claim asked for, or one the live stream brings.
      claimLoaded(null),
      claimLoaded(colleagues),
      claimLoaded(mine),
      ...(snapshot.matches("unknown")
        ? []
        : [
            { type: "triage.claim" } as const,
            { type: "triage.takeOver" } as const,
            { type: "takeOver.confirm" } as const,
            { type: "takeOver.cancel" } as const,
            { type: "triage.release" } as const,
            { type: HEARTBEAT } as const,
            done<ClaimEvent>("claim", mine),
            // A take-over always wins: only a plain claim can find the thread held.
            ...(snapshot.context.takingOver ? [] : [failed<ClaimEvent>("claim", { status: 409, code: "claim_held", claim: colleagues })]),
            failed<ClaimEvent>("claim", unavailable),
            done<ClaimEvent>("renew", mine),
            failed<ClaimEvent>("renew", { status: 409, code: "claim_lost", claim: colleagues }),
            failed<ClaimEvent>("renew", { status: 409, code: "claim_lost", claim: null }),
            failed<ClaimEvent>("renew", networkFailure),
            done<ClaimEvent>("release", undefined),
            failed<ClaimEvent>("release", unavailable),
          ]),
    ],
  },
  {
    // Another thread opened, the claim held or not: the panel starts over on it and releases a claim it holds.
    name: "moving on",
    distinguish: (snapshot) => [snapshot.context.thread.observerId, ...claimFacts(snapshot)],
    // The path ends on the other thread: its own triage is the other paths'.
    events: (snapshot) =>
      snapshot.context.thread.observerId === THREAD_B.observerId
        ? []
        : snapshot.matches("unknown")
          ? [claimLoaded(null)]
          : [{ type: "triage.claim" }, done<ClaimEvent>("claim", mine), { type: "thread.change", thread: THREAD_B }],
  },
];

function describeEvent(event: TriageEvent | ClaimEvent): string {
  if (event.type === HEARTBEAT) return "30 s pass";
  if ("error" in event) return `${event.type.replace("xstate.error.actor.", "")} fails (${event.error.code})`;
  if (event.type === "xstate.done.actor.load" || event.type === "xstate.done.actor.reload") {
    return `${event.actorId} answers (held by ${holderOf(event.output.triage.claim)})`;
  }
  if (event.type === "claim.loaded") return `the panel loads (held by ${holderOf(event.claim)})`;
  if ("output" in event) return `${event.type.replace("xstate.done.actor.", "")} answers`;
  if (event.type === "triage.setState") return `triage.setState(${event.state})`;
  return event.type;
}

const triageCandidates: Candidate<typeof threadTriageMachine, TriageEvent, string>[] = triageFamilies.flatMap((family) =>
  shortestPaths(threadTriageMachine, { input: THREAD_A, events: family.events, distinguish: family.distinguish }).map((path) => ({ path, extra: family.name })),
);
const claimCandidates: Candidate<typeof threadClaimMachine, ClaimEvent, string>[] = claimFamilies.flatMap((family) =>
  shortestPaths(threadClaimMachine, { input: THREAD_A, events: family.events, distinguish: family.distinguish }).map((path) => ({ path, extra: family.name })),
);
const triageChosen = fewestCoveringPaths(threadTriageMachine, triageCandidates, triageViews);
const claimChosen = fewestCoveringPaths(threadClaimMachine, claimCandidates, claimViews);

/** The panel's transitions that pass a claim path's commands and its thread change on to the claim (the panel is shown). */
const throughPanel = (path: ModelPath<typeof threadClaimMachine, ClaimEvent>) =>
  path.steps.slice(1).flatMap(({ event }) => selectedTransitions(threadTriageMachine, PANEL_READY, event));

const stepsOf = (path: { steps: { event: TriageEvent | ClaimEvent }[] }) => path.steps.slice(1).map((step) => describeEvent(step.event));
const usesHeartbeat = (path: { steps: { event: EventObject }[] }) => path.steps.some((step) => step.event.type === HEARTBEAT);

describe(`${threadTriageMachine.id} model on the answers screen`, () => {
  for (const { path, extra: family } of triageChosen) {
    it(`${family}: ${stepsOf(path).join(" → ")}`, { timeout: 60_000 }, () =>
      replayPath(path, { machine: threadTriageMachine, input: THREAD_A, events: [], setUp: () => setUp({ fakeTimers: false }), eventExecutors: triageExecutors, stateAssertions: triageAssertions }));
  }
});

describe(`${threadClaimMachine.id} model on the answers screen`, () => {
  for (const { path, extra: family } of claimChosen) {
    it(`${family}: ${stepsOf(path).join(" → ")}`, { timeout: 60_000 }, () =>
      replayPath(path, { machine: threadClaimMachine, input: THREAD_A, events: [], setUp: () => setUp({ fakeTimers: usesHeartbeat(path) }), eventExecutors: claimExecutors, stateAssertions: claimAssertions }));
  }
});

describe(`${threadTriageMachine.id} and ${threadClaimMachine.id} model coverage`, () => {
  const triageTaken = new Set([...triageChosen.flatMap(({ path }) => pathTransitions(threadTriageMachine, path)), ...claimChosen.flatMap(({ path }) => throughPanel(path))]);
  const claimTaken = new Set(claimChosen.flatMap(({ path }) => pathTransitions(threadClaimMachine, path)));
  const reached = (paths: { path: { steps: { state: { value: unknown } }[] } }[]) => paths.flatMap(({ path }) => path.steps.map((step) => JSON.stringify(step.state.value))).join("\n");

  // Pinned: a chart change that multiplies the paths (each a render of the screen) shows in review.
  // Before the claim was a child (one chart of four regions), 18 of 410: the panel's paths were the product of the
  // claim's states with the others'. Apart, each chart is covered on its own (22 paths), and leaving a thread is
  // replayed both holding it and not (the views now read the claim the step left, not the fresh one).
  it("replays 9 of the panel's 195 shortest paths and 13 of the claim's 160", () => {
    expect(triageCandidates).toHaveLength(195);
    expect(triageChosen).toHaveLength(9);
    expect(claimCandidates).toHaveLength(160);
    expect(claimChosen).toHaveLength(13);
  });

  it("takes every transition of both charts, the panel's passing on of the claim's commands with the claim paths", () => {
    expect(chartTransitions(threadTriageMachine).filter((transition) => !triageTaken.has(transition))).toEqual([]);
    expect(chartTransitions(threadClaimMachine).filter((transition) => !claimTaken.has(transition))).toEqual([]);
  });

  it("reaches every state of every region", () => {
    const panelLeaves = reached(triageChosen);
    for (const leaf of ['"loading"', '"failed"', '"sync":"idle"', '"sync":"reloading"', '"state":"idle"', '"state":"resolving"', '"state":"saving"']) expect(panelLeaves).toContain(leaf);
    for (const leaf of ['"comment":"editing"', '"comment":"sending"', '"comment":"failed"']) expect(panelLeaves).toContain(leaf);
    const claimLeaves = reached(claimChosen);
    for (const leaf of ['"unknown"', '"none"', '"claiming"', '"waiting"', '"renewing"', '"lost"', '"offered"', '"confirming"', '"releasing"']) expect(claimLeaves).toContain(leaf);
  });
});
