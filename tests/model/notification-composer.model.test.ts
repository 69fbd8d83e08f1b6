import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import type { AnyMachineSnapshot, DoneActorEvent, ErrorActorEvent, SnapshotFrom } from "xstate";
import {
  notificationComposerMachine,
  type Audience,
  type Candidate,
  type ComposerEvent,
  type SearchCriteria,
  type SendResult,
} from "../../src/features/notifications/notification-composer.machine";
import { observersAtStations } from "../../src/features/notifications/notification-recipients.seed";
import { find, stateOf, textOf } from "../pages/dom/find";
import { notifications } from "../pages/dom/notifications";
import { eventually } from "../pages/locators";
import { MATCHES, notificationControls, type Match, type Notifications, type Reach } from "../pages/notifications";
import { replayPath, type ModelPath, type ModelTestOptions } from "../support/model";
import { everyTransition, pathsThroughEveryKind, stateValue, transitionsTaken, type ModelFamily } from "../support/model-kinds";
import { renderApp } from "../support/render-app";
import { notificationRoutes } from "../../src/features/notifications/notification.routes";
import { createRequestGate, type RequestGate } from "../support/request-gate";
import { ORGANIZER } from "../support/seeds/observers.seed";
import { askBeforeTests, problem, startTestServer, type HeldRequests, type TestServer } from "../support/test-server";

/** The screens this test visits. */
const FEATURES = [notificationRoutes];

/*
 * The composer statechart replayed on the real notifications screen over the real server (notification-recipients
 * seed). The path decides how each request ends: the reads of the observers chosen on another screen, the search
 * and the send are held until its `xstate.done.actor.*` event lets them reach the server or its
 * `xstate.error.actor.*` event answers them with a failure. A lost answer (status 0) reaches the server, which
 * records the notification, and is then lost on its way back: the retry must carry the same Idempotency-Key and the
 * server must still hold one notification.
 *
 * What each state must show comes from `Expected`, written by hand at every gesture (who is found, who is selected,
 * the draft, the key a send must carry, what the server must hold), never from the machine's context: the model only
 * says which phase the screen is in. The families below explore the chart; of their paths, the few that together take
 * every kind of transition are replayed (tests/support/model-kinds.ts), with three stories the graph cannot tell apart
 * from shorter ones.
 */

type ModelEvent =
  | ComposerEvent
  | DoneActorEvent<Candidate[], "loadChosen">
  | ErrorActorEvent<{ status: number }, "loadChosen">
  | DoneActorEvent<Candidate[], "search">
  | ErrorActorEvent<{ status: number }, "search">
  | DoneActorEvent<SendResult, "send">
  | ErrorActorEvent<{ status: number }, "send">;
type ComposerSnapshot = SnapshotFrom<typeof notificationComposerMachine>;
type County = "CJ" | "B";

/**
 * The seed's observers (notification-recipients.seed.ts) as their cards read, with the stations a card names when
 * found among those who arrived and among those assigned (null: never found so); 99 is nobody.
 */
const OBSERVERS: Record<number, { name: string; phone: string; stations: Record<Match, string | null>; device: boolean }> = {
  11: { name: "Ana Pop", phone: "0722000011", stations: { arrived: "CJ 15", assigned: "CJ 15" }, device: true },
  12: { name: "Bogdan Ionescu", phone: "0722000012", stations: { arrived: "CJ 16", assigned: "CJ 4" }, device: false },
  13: { name: "Carmen Stan", phone: "0722000013", stations: { arrived: "CJ 3", assigned: "CJ 3" }, device: true },
  14: { name: "Dan Pop", phone: "0722000014", stations: { arrived: "B 5", assigned: "B 5" }, device: true },
  15: { name: "Elena Pop", phone: "0722000015", stations: { arrived: "CJ 15", assigned: null }, device: false },
  16: { name: "Florin Dobre", phone: "0722000016", stations: { arrived: null, assigned: "CJ 15, CJ 16" }, device: true },
};
/**
 * Who each search finds, in name order: every observer who arrived at a station of Cluj, or at its stations 15 to 16;
 * every observer assigned to one, or to 15 to 16 (Florin Dobre never arrived; Bogdan Ionescu arrived at CJ 16 but is
 * assigned to CJ 4; Elena Pop arrived at CJ 15 but is assigned nowhere).
 */
const FOUND = { CJ: [11, 12, 13, 15], "CJ 15-16": [11, 12, 15], "CJ assigned": [11, 12, 13, 16], "CJ 15-16 assigned": [11, 16] };
const CHOSEN = [11, 12, 99];
/** Everyone the organizer manages: a send to all addresses them. */
const EVERYONE = [11, 12, 13, 14, 15, 16];
const TITLE = "Hi ";
const MESSAGE = "Go";
const SERVER_DOWN = 503;
const FIRST_PAINT_MS = 20_000;
const SEND_PATH: Record<Audience, string> = { selected: "/api/v1/notification/send", all: "/api/v1/notification/send/all" };

const searchParams = (county: County, range: boolean, assigned: boolean) =>
  new URLSearchParams({
    countyCodes: county,
    ...(range ? { fromPollingStationNumber: "15", toPollingStationNumber: "16" } : {}),
    ...(assigned ? { assigned: "true" } : {}),
  });
const searchKey = (range: boolean, assigned: boolean): keyof typeof FOUND => `${range ? "CJ 15-16" : "CJ"}${assigned ? " assigned" : ""}`;

// The model's answers are the server's own, asked before the graph is built; the replay checks them against FOUND.
// Only Cluj is searched: Bucharest is chosen while a Cluj search runs, to abandon it.
const SEARCHES = [false, true].flatMap((assigned) => [false, true].map((range) => ({ range, assigned })));
const answers = await askBeforeTests(observersAtStations, ORGANIZER, [
  ...SEARCHES.map(({ range, assigned }) => `/api/v1/observer/active?${searchParams("CJ", range, assigned)}`),
  ...CHOSEN.map((id) => `/api/v1/observer?id=${id}`),
]);
const searchAnswers = new Map(SEARCHES.map(({ range, assigned }, index) => [searchKey(range, assigned), answers[index] as Candidate[]]));
const chosenAnswer = answers.slice(SEARCHES.length).flatMap((page) =>
  (page as { data: { id: number; name: string; phone: string; lastSeen: string | null; deviceRegisterDate: string | null }[] }).data.map(
    (observer): Candidate => ({ ...observer, pollingStations: null, reachable: observer.deviceRegisterDate !== null }),
  ),
);

const modelSearchAnswer = ({ from, assigned }: SearchCriteria) => searchAnswers.get(searchKey(from !== null, assigned)) ?? [];
const RESULT: SendResult = { id: 0, recipients: 0, reachable: 0, notReachable: 0, provider: "outbox" };

const ev = {
  chosenArrive: { type: "xstate.done.actor.loadChosen", actorId: "loadChosen", output: chosenAnswer },
  chosenFail: { type: "xstate.error.actor.loadChosen", actorId: "loadChosen", error: { status: SERVER_DOWN } },
  title: { type: "draft.change", field: "title", value: TITLE },
  message: { type: "draft.change", field: "message", value: MESSAGE },
  cluj: { type: "county.change", countyCode: "CJ" },
  bucharest: { type: "county.change", countyCode: "B" },
  stations: { type: "stations.change", from: 15, to: 16 },
  assigned: { type: "match.change", assigned: true },
  arrived: { type: "match.change", assigned: false },
  search: { type: "search.submit" },
  reset: { type: "search.reset" },
  searchArrives: (snapshot: ComposerSnapshot) =>
    ({ type: "xstate.done.actor.search", actorId: "search", output: modelSearchAnswer(snapshot.context.criteria) }) satisfies ModelEvent,
  searchFails: { type: "xstate.error.actor.search", actorId: "search", error: { status: SERVER_DOWN } },
  toggle: (id: number) => ({ type: "selection.toggle", id }) satisfies ModelEvent,
  selectAll: { type: "selection.selectAll" },
  clear: { type: "selection.clear" },
  // The page makes a fresh key per press; the machine keeps the first until the message changes.
  sendSelected: { type: "send.selected", key: "key-of-a-press" },
  sendAll: { type: "send.all", key: "key-of-a-press" },
  confirm: { type: "send.confirm" },
  cancel: { type: "send.cancel" },
  sent: { type: "xstate.done.actor.send", actorId: "send", output: RESULT },
  answerLost: { type: "xstate.error.actor.send", actorId: "send", error: { status: 0 } },
  refused: { type: "xstate.error.actor.send", actorId: "send", error: { status: 403 } },
  retry: { type: "send.retry" },
  edit: { type: "compose.edit" },
  again: { type: "compose.new" },
} satisfies Record<string, ModelEvent | ((snapshot: ComposerSnapshot) => ModelEvent) | ((id: number) => ModelEvent)>;

/** What the screen lets a user do (a disabled or absent control sends nothing), and the draft typed title first. */
function offered(snapshot: ComposerSnapshot, event: ModelEvent): boolean {
  const { found, selection, draft, criteria } = snapshot.context;
  const everySelected = found.length > 0 && found.every((candidate) => selection.includes(candidate.id));
  switch (event.type) {
    case "selection.selectAll":
      return found.length > 0 && !everySelected;
    case "selection.clear":
      return everySelected;
    case "selection.toggle":
      return found.some((candidate) => candidate.id === event.id);
    case "draft.change":
      return event.field === "title" ? draft.title === "" : draft.title !== "" && draft.message === "";
    case "county.change":
      // Another county only while a search runs: it abandons that search.
      return event.countyCode === "CJ" ? criteria.countyCode === null : snapshot.hasTag("searching");
    case "stations.change":
      return criteria.countyCode === "CJ" && criteria.from === null;
    case "match.change":
      // Assigned once a county is chosen, outside a search; arrived again only while a search runs: it abandons it.
      return event.assigned ? criteria.countyCode === "CJ" && !criteria.assigned && !snapshot.hasTag("searching") : criteria.assigned && snapshot.hasTag("searching");
    case "search.submit":
      // Search is busy (so unusable) while it runs.
      return criteria.countyCode === "CJ" && !snapshot.hasTag("searching");
    case "send.selected":
    case "send.all":
      return !snapshot.matches({ editing: { validation: "incomplete" } });
    default:
      return true;
  }
}

const ascending = (ids: Iterable<number>) => [...ids].sort((left, right) => left - right);
const draftStage = ({ context: { draft } }: ComposerSnapshot) => (draft.title ? 1 : 0) + (draft.message ? 1 : 0);
// A set: a selection that repeats an id (a bug) must not make the graph endless.
const sortedSelection = ({ context }: ComposerSnapshot) => ascending(new Set(context.selection));

const family = (
  name: string,
  observerIds: number[],
  events: (snapshot: ComposerSnapshot) => ModelEvent[],
  distinguish: (snapshot: ComposerSnapshot) => unknown,
  scenarios: ModelFamily<typeof notificationComposerMachine, ModelEvent>["scenarios"] = [],
): ModelFamily<typeof notificationComposerMachine, ModelEvent> => ({
  name,
  input: { observerIds },
  events: (snapshot) => events(snapshot).filter((event) => offered(snapshot, event)),
  distinguish,
  scenarios,
});

const draftAndSend = [ev.chosenArrive, ev.title, ev.message, ev.sendSelected, ev.confirm];

const families = [
  family("chosen on another screen", CHOSEN, () => [ev.chosenArrive, ev.chosenFail, ev.toggle(12), ev.selectAll, ev.clear], (snapshot) => [
    sortedSelection(snapshot),
    snapshot.context.loadError !== null,
  ]),
  family(
    "searching",
    [],
    (snapshot) => [ev.cluj, ev.bucharest, ev.stations, ev.assigned, ev.arrived, ev.search, ev.searchArrives(snapshot), ev.searchFails, ev.reset],
    ({ context }) => [context.criteria, context.found.length],
  ),
  family(
    "selecting what was found",
    [],
    (snapshot) => [ev.cluj, ev.stations, ev.assigned, ev.search, ev.searchArrives(snapshot), ev.toggle(13), ev.selectAll, ev.clear],
    (snapshot) => [snapshot.context.criteria, snapshot.context.found.length, sortedSelection(snapshot)],
    // A narrower search drops the selected observer it no longer finds (the graph merges this with selecting after it).
    // Choosing the assigned drops the selection (the graph merges this with choosing them before selecting anyone):
    // their search finds Carmen Stan again, unselected, and at stations 15-16 Florin Dobre, who never arrived, but not
    // Bogdan Ionescu, who arrived at CJ 16 but is assigned to CJ 4.
    [
      [ev.cluj, ev.search, ev.searchArrives, ev.selectAll, ev.stations, ev.search, ev.searchArrives],
      [ev.cluj, ev.search, ev.searchArrives, ev.toggle(13), ev.assigned, ev.search, ev.searchArrives, ev.stations, ev.search, ev.searchArrives],
    ],
  ),
  family("sending too little", [], () => [ev.cluj, ev.search, ev.searchFails, ev.sendSelected, ev.sendAll, ev.title], (snapshot) => [
    snapshot.context.criteria.countyCode,
    draftStage(snapshot),
  ]),
  family(
    "sending",
    CHOSEN,
    () => [
      ...[ev.chosenArrive, ev.title, ev.message, ev.toggle(12), ev.sendSelected, ev.sendAll, ev.confirm, ev.cancel],
      ...[ev.sent, ev.answerLost, ev.refused, ev.retry, ev.edit, ev.again],
    ],
    (snapshot) => [
      draftStage(snapshot),
      sortedSelection(snapshot).length,
      snapshot.context.idempotencyKey !== null,
      snapshot.matches("editing") ? null : snapshot.context.audience,
      snapshot.matches("failed") ? snapshot.context.sendError?.status : null,
    ],
    // After a lost answer the same message goes again with the same key (the server holds one), and with another
    // recipient with a new key (the server holds two): the machine's context is the same as before the first send.
    [
      [...draftAndSend, ev.answerLost, ev.edit, ev.sendSelected, ev.confirm, ev.sent],
      [...draftAndSend, ev.answerLost, ev.edit, ev.toggle(12), ev.sendSelected, ev.confirm, ev.sent],
    ],
  ),
];

const nameOf = (id: number) => OBSERVERS[id]?.name ?? `(no observer ${id})`;

function describeEvent(event: ModelEvent): string {
  switch (event.type) {
    case "xstate.done.actor.loadChosen":
      return "the chosen observers arrive";
    case "xstate.error.actor.loadChosen":
      return `reading the chosen observers fails (${event.error.status})`;
    case "xstate.done.actor.search":
      return "the search answers";
    case "xstate.error.actor.search":
      return `the search fails (${event.error.status})`;
    case "xstate.done.actor.send":
      return "the send answers";
    case "xstate.error.actor.send":
      return event.error.status === 0 ? "the send's answer is lost" : `the send is refused (${event.error.status})`;
    case "draft.change":
      return `types the ${event.field}`;
    case "county.change":
      return `county ${event.countyCode}`;
    case "stations.change":
      return `stations ${event.from}-${event.to}`;
    case "match.change":
      return event.assigned ? "observers assigned" : "observers who arrived";
    case "selection.toggle":
      return `toggles ${nameOf(event.id)}`;
    default:
      return event.type;
  }
}

/**
 * What a step leaves selected, where a send goes, whether arrived/assigned abandons a search, and whom an assigned
 * search finds (its cards name the assigned stations): a kind of its own for each.
 */
function facet(path: ModelPath<typeof notificationComposerMachine, ModelEvent>, index: number): string {
  const { event, state } = path.steps[index]!;
  const { selection, found, audience, criteria } = state.context;
  if (event.type === "match.change") return path.steps[index - 1]!.state.hasTag("searching") ? " [abandons the search]" : "";
  if (event.type === "xstate.done.actor.search" && criteria.assigned) return ` [assigned, ${criteria.from === null ? "county" : "range"}]`;
  if (event.type.startsWith("selection.") || event.type === "xstate.done.actor.search" || event.type === "xstate.done.actor.loadChosen") {
    return ` [${selection.length === 0 ? "none" : selection.length === found.length ? "all" : "some"} selected]`;
  }
  if (event.type === "xstate.done.actor.send") return ` [to ${audience}]`;
  return "";
}

/** The chart's transitions a step takes. */
const taken = (path: ModelPath<typeof notificationComposerMachine, ModelEvent>, index: number) =>
  transitionsTaken(notificationComposerMachine, path.steps[index - 1]!.state as AnyMachineSnapshot, path.steps[index]!.event);

const paths = pathsThroughEveryKind(
  notificationComposerMachine,
  families,
  (path, index) => `${describeEvent(path.steps[index]!.event)}${facet(path, index)} @ ${taken(path, index).join(", ")}`,
);

/** What the user must see and the server must hold, kept by hand at every gesture. */
interface Expected {
  title: string;
  message: string;
  county: County | null;
  range: boolean;
  /** The search finds the observers assigned to the stations, not those who arrived. */
  assigned: boolean;
  found: number[];
  /** Where the cards came from: the observers chosen on another screen (they name no station), or a search. */
  foundBy: "choice" | Match;
  selected: Set<number>;
  loadError: number | null;
  audience: Audience;
  /** Nothing of the message, its audience or its recipients changed since the key was made: a send reuses it. */
  keyKept: boolean;
  /** The next send must carry a key never sent before (else the key of the last send). */
  freshKey: boolean;
  lastKey: string | null;
  sendFailure: number | null;
  /** How many sends the screen must have asked. */
  asked: number;
  recorded: { title: string; message: string; audience: Audience; idempotencyKey: string; recipients: number[] }[];
}

interface System {
  server: TestServer;
  page: Notifications;
  chosen: RequestGate;
  search: HeldRequests;
  sends: Record<Audience, HeldRequests>;
  /** The Idempotency-Key of every send that reached the network, in order. */
  keys: string[];
  /** The next send's answer is lost on its way back, after the server has recorded it. */
  loseNextAnswer: boolean;
  expected: Expected;
}

const filled = (text: string) => text.trim() !== "";
const isSend = (request: Request) => request.method === "POST" && new URL(request.url).pathname.startsWith("/api/v1/notification/send");

async function setUp(observerIds: number[]): Promise<System> {
  const server = await startTestServer({ seed: observersAtStations });
  const chosen = createRequestGate((request) => request.method === "GET" && new URL(request.url).pathname === "/api/v1/observer");
  const system: Omit<System, "page"> = {
    server,
    chosen,
    search: server.hold("GET /api/v1/observer/active"),
    sends: { selected: server.hold(`POST ${SEND_PATH.selected}`), all: server.hold(`POST ${SEND_PATH.all}`) },
    keys: [],
    loseNextAnswer: false,
    expected: {
      title: "",
      message: "",
      county: null,
      range: false,
      assigned: false,
      found: [],
      foundBy: "arrived",
      selected: new Set(),
      loadError: null,
      audience: "selected",
      keyKept: false,
      freshKey: true,
      lastKey: null,
      sendFailure: null,
      asked: 0,
      recorded: [],
    },
  };
  const network = chosen.wrap(async (request) => {
    if (isSend(request)) system.keys.push(request.headers.get("Idempotency-Key") ?? "(none)");
    const response = await server.fetch(request);
    if (isSend(request) && system.loseNextAnswer) {
      system.loseNextAnswer = false;
      throw new TypeError("Failed to fetch");
    }
    return response;
  });
  const path = observerIds.length > 0 ? `/notifications?observerIds=${observerIds.join(",")}` : "/notifications";
  const app = renderApp({ features: FEATURES, path, storedToken: await server.tokenFor(ORGANIZER), fetch: network });
  // The page loads lazily: the first render of the file also compiles its chunks, longer than a state's wait.
  await screen.findByRole("heading", { level: 1, name: "Notifications" }, { timeout: FIRST_PAINT_MS });
  return Object.assign(system, { page: notifications(app.user) });
}

/** A change to the message or its recipients: the next send is another notification, with a key of its own. */
function changed(expected: Expected) {
  expected.keyKept = false;
}

function select(expected: Expected, ids: Iterable<number>) {
  expected.selected = new Set(ids);
  changed(expected);
}

/** Shows the dialog when what the send asks for is there; a key made for another audience is not reused. */
function askToSend(expected: Expected, audience: Audience) {
  const complete = filled(expected.title) && filled(expected.message) && (audience === "all" || expected.selected.size > 0);
  if (!complete) return;
  if (!expected.keyKept || expected.audience !== audience) expected.freshKey = true;
  expected.keyKept = true;
  expected.audience = audience;
}

const sendsAsked = ({ sends }: System) => sends.selected.receivedCount() + sends.all.receivedCount();

/** The send the screen just asked for carries the key Expected says: a new one, or the one sent last. */
async function expectSendAsked(system: System) {
  const { expected } = system;
  expected.asked += 1;
  await eventually(() => sendsAsked(system)).toBe(expected.asked);
  const key = system.keys.at(-1)!;
  expect(key).toMatch(/^[0-9a-f]{32}$/);
  if (expected.freshKey) expect(system.keys.slice(0, -1)).not.toContain(key);
  else expect(key).toBe(expected.lastKey);
  expected.freshKey = false;
  expected.lastKey = key;
}

/** Lets the held send reach the server: it records the notification, unless it answers an earlier one with this key. */
async function releaseSend(system: System) {
  const { expected } = system;
  await system.sends[expected.audience].release();
  const key = expected.lastKey!;
  if (expected.recorded.some((notification) => notification.idempotencyKey === key)) return;
  const recipients = expected.audience === "all" ? EVERYONE : ascending(expected.selected);
  expected.recorded.push({ title: expected.title.trim(), message: expected.message.trim(), audience: expected.audience, idempotencyKey: key, recipients });
}

type Options = ModelTestOptions<typeof notificationComposerMachine, ModelEvent, System>;

const eventExecutors: Options["eventExecutors"] = {
  "xstate.done.actor.loadChosen": async ({ chosen, expected }) => {
    expect(chosen.active().map((request) => new URL(request.url).searchParams.get("id"))).toEqual(CHOSEN.map(String));
    await chosen.releaseAll();
    expected.found = CHOSEN.filter((id) => id in OBSERVERS);
    expected.foundBy = "choice";
    expected.selected = new Set(expected.found);
  },
  "xstate.error.actor.loadChosen": ({ chosen, expected }, { error }) => {
    chosen.answerAll(() => problem(error.status, "unavailable"));
    expected.loadError = error.status;
  },
  "draft.change": async ({ page, expected }, { field, value }) => {
    await (field === "title" ? page.typeTitle(value) : page.typeMessage(value));
    expected[field] = value;
    changed(expected);
  },
  "county.change": async ({ page, expected }, { countyCode }) => {
    await page.chooseCounty(countyCode ?? "");
    Object.assign(expected, { county: countyCode as County, range: false, found: [] });
    select(expected, []);
  },
  "match.change": async ({ page, expected }, { assigned }) => {
    await page.chooseMatch(assigned ? "assigned" : "arrived");
    Object.assign(expected, { assigned, found: [] });
    select(expected, []);
  },
  "stations.change": async ({ page, expected }, { from, to }) => {
    await page.chooseStations(from, to);
    expected.range = true;
  },
  "search.submit": async ({ page, expected }) => {
    await page.search();
    expected.loadError = null;
  },
  "search.reset": async ({ page, expected }) => {
    await page.reset();
    Object.assign(expected, { county: null, range: false, assigned: false, found: [], loadError: null });
    select(expected, []);
  },
  "xstate.done.actor.search": async ({ search, expected }) => {
    const found = FOUND[searchKey(expected.range, expected.assigned)];
    const answer = (await search.release()) as { id: number }[];
    expect(answer.map((observer) => observer.id)).toEqual(found);
    expected.found = found;
    expected.foundBy = expected.assigned ? "assigned" : "arrived";
    const kept = [...expected.selected].filter((id) => found.includes(id));
    if (kept.length < expected.selected.size) select(expected, kept);
  },
  "xstate.error.actor.search": ({ search, expected }, { error }) => {
    search.answer(problem(error.status, "unavailable"));
    expected.loadError = error.status;
  },
  "selection.toggle": async ({ page, expected }, { id }) => {
    await page.toggle(nameOf(id));
    const selected = new Set(expected.selected);
    if (!selected.delete(id)) selected.add(id);
    select(expected, selected);
  },
  "selection.selectAll": async ({ page, expected }) => {
    await page.selectAll();
    select(expected, expected.found);
  },
  "selection.clear": async ({ page, expected }) => {
    await page.deselectAll();
    select(expected, []);
  },
  "send.selected": async ({ page, expected }) => {
    await page.sendToSelected();
    askToSend(expected, "selected");
  },
  "send.all": async ({ page, expected }) => {
    await page.sendToAll();
    askToSend(expected, "all");
  },
  "send.confirm": async (system) => {
    await system.page.confirm();
    await expectSendAsked(system);
    // A second click while the first runs asks nothing more (the sending state checks the count).
    await system.page.confirm();
  },
  "send.cancel": ({ page }) => page.cancel(),
  "xstate.done.actor.send": (system) => releaseSend(system),
  "xstate.error.actor.send": async (system, { error }) => {
    system.expected.sendFailure = error.status;
    if (error.status !== 0) return system.sends[system.expected.audience].answer(problem(error.status, "forbidden"));
    system.loseNextAnswer = true;
    await releaseSend(system);
  },
  "send.retry": async (system) => {
    await system.page.retry();
    await expectSendAsked(system);
  },
  "compose.edit": ({ page }) => page.editAfterFailure(),
  "compose.new": async ({ page, expected }) => {
    await page.newNotification();
    Object.assign(expected, { title: "", message: "" });
    select(expected, []);
  },
};

const controls = notificationControls();
const plural = (count: number, one: string, other: string) => (count === 1 ? one : other).replace("#", String(count));

function reachOf(ids: Iterable<number>): Reach {
  const addressed = [...ids];
  const reachable = addressed.filter((id) => OBSERVERS[id]?.device).length;
  return { addressed: addressed.length, reachable, notReachable: addressed.length - reachable };
}

const FAILURE_TEXT: Record<number, string> = {
  0: "Cannot reach the server. Check your connection and try again.",
  403: "You are not allowed to notify some of these observers.",
};

/** Every alert on screen, in order: a load failure, "Not all fields…", a send failure. */
function expectedAlerts(expected: Expected, incomplete: boolean, failed: boolean): string[] {
  return [
    ...(expected.loadError === null ? [] : [`This could not be loaded (error ${expected.loadError}).`]),
    ...(incomplete ? ["Not all fields have been completed"] : []),
    ...(failed && expected.sendFailure !== null ? [FAILURE_TEXT[expected.sendFailure]!] : []),
  ];
}

/** An alert's message, its buttons left out (the states read those). */
function alertText(alert: HTMLElement) {
  const message = alert.querySelector(".mantine-Alert-message")?.cloneNode(true) as HTMLElement | undefined;
  message?.querySelectorAll("button").forEach((button) => button.remove());
  return textOf(message ?? alert);
}

/** The composer as a user reads it (the page object's readings, and the fields and alerts it has none for). */
async function composerOnScreen(page: Notifications) {
  const title = find(controls.title) as HTMLInputElement | null;
  const message = find(controls.message) as HTMLTextAreaElement | null;
  const names = await page.candidateNames();
  return {
    draft: { title: title?.value ?? null, message: message?.value ?? null, editable: title ? !title.disabled : null },
    match: { checked: await page.match(), state: MATCHES.map((match) => stateOf(find(controls.match(match)))) },
    cards: await Promise.all(names.map(async (name) => ({ name, ...(await page.candidate(name)) }))),
    selectedCount: await page.selectedCount(),
    selectedReach: await page.selectedReach(),
    sendSelected: [await page.sendSelectedLabel(), await page.sendSelectedColor()],
    sendAll: await page.sendAllColor(),
    search: stateOf(find(controls.search)),
    alerts: screen.queryAllByRole("alert").map(alertText),
    dialog: await page.confirmQuestion(),
  };
}

function expectedComposer(expected: Expected, snapshot: ComposerSnapshot) {
  const editable = snapshot.matches("editing");
  const complete = filled(expected.title) && filled(expected.message);
  const count = expected.selected.size;
  const searching = snapshot.matches({ editing: { search: "searching" } });
  return {
    draft: { title: expected.title, message: expected.message, editable },
    match: { checked: expected.assigned ? "assigned" : "arrived", state: MATCHES.map(() => (editable ? "enabled" : "disabled")) },
    cards: expected.found.map((id) => ({
      name: nameOf(id),
      phone: OBSERVERS[id]!.phone,
      stations: expected.foundBy === "choice" ? null : OBSERVERS[id]!.stations[expected.foundBy],
      device: OBSERVERS[id]!.device,
      selected: expected.selected.has(id),
    })),
    selectedCount: count,
    selectedReach: count > 0 ? reachOf(expected.selected) : null,
    sendSelected: [plural(count, "Send to # selected observer", "Send to # selected observers"), complete && count > 0 ? "green" : "gray"],
    sendAll: complete ? "green" : "gray",
    search: searching ? "busy" : !editable || expected.county === null ? "disabled" : "enabled",
    alerts: expectedAlerts(expected, snapshot.matches({ editing: { validation: "incomplete" } }), snapshot.matches("failed")),
    dialog: snapshot.matches("confirming") || snapshot.matches("sending") ? confirmQuestion(expected) : null,
  };
}

const confirmQuestion = (expected: Expected) =>
  expected.audience === "all"
    ? "Send this notification to every observer you manage? How many it reaches is shown once it is recorded."
    : plural(expected.selected.size, "Send this notification to # observer?", "Send this notification to # observers?");

/** The last search the SPA did not cancel, by its query. */
const lastSearch = (server: TestServer) => {
  const request = server.requests.filter((logged) => logged.path.startsWith("/api/v1/observer/active?") && !logged.cancelled).at(-1);
  return request ? new URL(request.path, "http://localhost").searchParams.toString() : null;
};

/** The notifications the server holds, with their recipients. */
async function recordedOn(server: TestServer) {
  const rows = await server.db.selectFrom("notification").select(["id", "title", "message", "audience", "idempotencyKey"]).orderBy("id").execute();
  const recipients = await server.db.selectFrom("notificationRecipient").select(["notificationId", "observerId"]).orderBy("observerId").execute();
  return rows.map(({ id, ...notification }) => ({
    ...notification,
    recipients: recipients.filter((recipient) => recipient.notificationId === id).map((recipient) => recipient.observerId),
  }));
}

const stateAssertions: Options["stateAssertions"] = {
  loadingChosen: async ({ page, chosen }) => {
    await eventually(() => screen.queryByTestId("list-loading") !== null).toBe(true);
    expect(find(controls.title)).toBeNull();
    expect(await page.candidateNames()).toEqual([]);
    await eventually(() => chosen.active().length).toBe(CHOSEN.length);
  },
  editing: async ({ page, expected, sends }, snapshot) => {
    await eventually(() => composerOnScreen(page)).toEqual(expectedComposer(expected, snapshot));
    expect([sends.selected.activeCount(), sends.all.activeCount()]).toEqual([0, 0]);
  },
  "editing.search.searching": async ({ server, search, expected }) => {
    await eventually(() => search.activeCount()).toBe(1);
    expect(lastSearch(server)).toBe(searchParams(expected.county!, expected.range, expected.assigned).toString());
  },
  "editing.search.idle": ({ search }) => {
    expect(search.activeCount()).toBe(0);
  },
  "editing.search.failed": ({ search }) => {
    expect(search.activeCount()).toBe(0);
  },
  confirming: async (system, snapshot) => {
    const { page, expected } = system;
    await eventually(() => composerOnScreen(page)).toEqual(expectedComposer(expected, snapshot));
    expect(await page.confirmReach()).toEqual(expected.audience === "all" ? null : reachOf(expected.selected));
    expect(await page.confirmState()).toBe("enabled");
    expect(sendsAsked(system)).toBe(expected.asked);
  },
  sending: async (system, snapshot) => {
    const { page, server, expected, sends } = system;
    await eventually(() => page.confirmState()).toBe("busy");
    expect(await composerOnScreen(page)).toEqual(expectedComposer(expected, snapshot));
    // One request for one composed message, however often Send was clicked.
    expect(sendsAsked(system)).toBe(expected.asked);
    expect(sends[expected.audience].activeCount()).toBe(1);
    const request = server.requests.filter((logged) => logged.method === "POST").at(-1);
    const { recipients, ...body } = request?.body as { recipients?: number[] };
    expect({ path: request?.path, body, recipients: recipients && ascending(recipients) }).toEqual({
      path: SEND_PATH[expected.audience],
      body: { channel: "Firebase", from: "Monitorizare Vot", title: expected.title.trim(), message: expected.message.trim() },
      recipients: expected.audience === "all" ? undefined : ascending(expected.selected),
    });
  },
  sent: async ({ page, server, expected }) => {
    const reach = reachOf(expected.audience === "all" ? EVERYONE : expected.selected);
    await eventually(() => page.result()).toEqual(reach);
    expect(await page.resultText()).toContain("It was recorded, but not pushed to any phone");
    expect(find(controls.title)).toBeNull();
    expect(await recordedOn(server)).toEqual(expected.recorded);
  },
  failed: async (system, snapshot) => {
    const { page, server, expected } = system;
    await eventually(() => composerOnScreen(page)).toEqual(expectedComposer(expected, snapshot));
    expect(await page.retryState()).toBe(expected.sendFailure === 0 ? "enabled" : "absent");
    expect(sendsAsked(system)).toBe(expected.asked);
    expect(await recordedOn(server)).toEqual(expected.recorded);
  },
};

const testName = ({ family, path }: (typeof paths)[number]) =>
  `${family.name}: ${path.steps.length > 1 ? path.steps.slice(1).map((step) => describeEvent(step.event)).join(" → ") : "at start"}`;

describe(`${notificationComposerMachine.id} model on the notifications screen`, { timeout: 60_000 }, () => {
  for (const candidate of paths) {
    const observerIds = candidate.family.input?.observerIds ?? [];
    it(testName(candidate), async () => {
      await replayPath(candidate.path, {
        machine: notificationComposerMachine,
        input: candidate.family.input,
        events: candidate.family.events,
        setUp: () => setUp(observerIds),
        eventExecutors,
        stateAssertions,
        describeEvent,
      });
      // A story the chart no longer lets through fails here, after what of it the chart still takes.
      if (candidate.unreachable) throw new Error(candidate.unreachable);
    });
  }
});

describe(`${notificationComposerMachine.id} model coverage`, () => {
  it("replays few paths, which together take every kind of transition", () => {
    expect(paths).toHaveLength(19);
  });

  it("reaches every state, through every transition of the chart, a lost answer retried and a refusal among them", () => {
    const states = new Set(paths.flatMap(({ path }) => path.steps.map((step) => stateValue(step.state as AnyMachineSnapshot))));
    expect([...states].sort()).toEqual(
      [
        "confirming",
        "failed",
        "loadingChosen",
        "sending",
        "sent",
        ...["idle", "searching", "failed"].flatMap((search) => ["unchecked", "incomplete"].map((validation) => ({ editing: { search, validation } }))),
      ]
        .map((value) => JSON.stringify(value))
        .sort(),
    );
    expect(new Set(paths.map(({ path }) => stateValue(path.steps[0]!.state as AnyMachineSnapshot)))).toEqual(
      new Set(['"loadingChosen"', JSON.stringify({ editing: { search: "idle", validation: "unchecked" } })]),
    );
    const transitions = new Set(paths.flatMap(({ path }) => path.steps.slice(1).flatMap((_, index) => taken(path, index + 1))));
    expect([...transitions].sort()).toEqual(everyTransition(notificationComposerMachine).sort());
    const trails = paths.map(({ path }) => path.steps.map((step) => describeEvent(step.event)).join(" → "));
    expect(trails.filter((trail) => trail.includes("the send's answer is lost → send.retry"))).toHaveLength(1);
    expect(trails.filter((trail) => trail.endsWith("the send is refused (403)"))).toHaveLength(1);
  });
});
