import { describe, expect, it } from "vitest";
import { createActor, fromCallback, type ActorRefFrom, type AnyEventObject, type AnyMachineSnapshot, type SnapshotFrom } from "xstate";
import type { LiveThreadEvent } from "../../src/features/answers/list/live-match";
import { threadFeedMachine, type ThreadFeedEvent } from "../../src/features/answers/list/thread-feed.machine";
import { selectArrivalCount, selectCatchingUp, selectCursor, selectFocusRequest, selectPatches } from "../../src/features/answers/list/thread-feed.selectors";
import { EMPTY_ANSWER_FILTER } from "../../src/features/answers/list/answer-list.config";
import type { listMachine } from "../../src/shared/machines/list.machine";
import { replayPath, type ModelPath, type ModelTestOptions } from "../support/model";
import { everyTransition, pathsThroughEveryKind, stateValue, transitionsTaken, type ModelFamily } from "../support/model-kinds";

/*
 * The thread feed's paths replayed on a real actor, with a recording stand-in for the list it drives, and checked
 * against `Expected`: what the urgents list must show and ask, written by hand at every event from the feed's
 * contract (spec: "N new" counts each matching thread that changed off screen once; a change to a row on screen
 * applies in place; j and k walk the rows and turn the page past its ends; a reset reloads the rows), never read from
 * the machine's context. Each state asserts what the list view reads (the bar's count and loader, the cursor, the
 * rows patched in place, the focus requests) and everything the feed sent the list or told the page, in order.
 *
 * Not on the screen: there, `rows.shown` and `filter.changed` come from the answers room (answers-room.machine.ts),
 * which reports the list's rows and the address's filter, so a path of the feed alone names list states the screen
 * cannot be put in; the screen's live behaviour is covered by AnswerListLive.test.tsx.
 */

const thread = (idObserver: number, idPollingStation: number, changes: Partial<NonNullable<LiveThreadEvent["thread"]>> = {}) => ({
  idObserver,
  idPollingStation,
  pollingStationName: "CJ 15",
  locality: "Cluj-Napoca",
  address: null,
  offAssignment: false,
  observerName: "Ana Pop",
  observerPhoneNumber: "0722000000",
  countyCode: "CJ",
  pollingStationNumber: 15,
  lastModified: "2026-11-25T07:42:10.000Z",
  flaggedCount: 1,
  state: "new" as const,
  claim: null,
  urgentSince: "2026-11-25T07:42:10.000Z",
  ...changes,
});
const live = (kind: LiveThreadEvent["kind"], idObserver: number, idPollingStation: number, changes = {}): ThreadFeedEvent => ({
  type: "live.thread",
  event: {
    kind,
    idObserver,
    idPollingStation,
    ngoId: 1,
    at: "2026-11-25T07:42:10.000Z",
    actor: null,
    thread: thread(idObserver, idPollingStation, changes),
    forms: [{ code: "A", flaggedCount: 1 }],
  },
});
const CLAIM = { holderId: 7, holder: "ana", since: "2026-11-25T07:43:00.000Z", expiresAt: "2026-11-25T07:44:30.000Z", mine: false };

/** The live events, each with whether its thread belongs on the urgents list with no filter and with county CJ. */
const LIVE = {
  "flagged answers at CJ 15 (9-9)": { event: live("answers", 9, 9), belongs: { all: true, CJ: true } },
  "flagged answers at B 5 (8-8)": {
    event: live("answers", 8, 8, { countyCode: "B", pollingStationName: "B 5", pollingStationNumber: 5 }),
    belongs: { all: true, CJ: false },
  },
  "answers with nothing flagged (7-7)": { event: live("answers", 7, 7, { flaggedCount: 0 }), belongs: { all: false, CJ: false } },
  "ana claims 1-1": { event: live("claim", 1, 1, { claim: CLAIM }), belongs: { all: true, CJ: true } },
  "2-2 resolved": { event: live("state", 2, 2, { state: "resolved" }), belongs: { all: true, CJ: true } },
};
type LiveName = keyof typeof LIVE;
const liveNames = Object.keys(LIVE) as LiveName[];
const nameOfLive = (event: Extract<ThreadFeedEvent, { type: "live.thread" }>) => liveNames.find((name) => LIVE[name].event === event)!;

const PAGE_ONE: ThreadFeedEvent = { type: "rows.shown", keys: ["1-1", "2-2"], hasNext: true, hasPrevious: false };
const PAGE_TWO: ThreadFeedEvent = { type: "rows.shown", keys: ["3-3"], hasNext: false, hasPrevious: true };
const CLUJ: ThreadFeedEvent = { type: "filter.changed", filter: { ...EMPTY_ANSWER_FILTER, county: "CJ" } };
const pageName = (keys: string[]) => (keys[0] === "1-1" ? "page 1" : "page 2");

type FeedSnapshot = SnapshotFrom<typeof threadFeedMachine>;

/**
 * The list shows the page it was last asked for: page 1 first, after a filter change, on catching up and on turning
 * back; page 2 on turning forward. Asked for nothing, it shows its page again (a reset, the refresh icon).
 */
function listShows(snapshot: FeedSnapshot, event: ThreadFeedEvent): boolean {
  const { shown, filter } = snapshot.context;
  if (event.type === "filter.changed") return filter.county === "";
  if (event.type !== "rows.shown") return true;
  const asked = [
    ...(shown.length === 0 || filter.county !== "" ? [PAGE_ONE] : []),
    ...(snapshot.matches({ arrivals: "catchingUp" }) || snapshot.matches({ cursor: "turningBack" }) ? [PAGE_ONE] : []),
    ...(snapshot.matches({ cursor: "turningForward" }) ? [PAGE_TWO] : []),
  ];
  return asked.length > 0 ? asked.includes(event) : shown.join() === event.keys.join();
}

const family = (name: string, events: ThreadFeedEvent[]): ModelFamily<typeof threadFeedMachine, ThreadFeedEvent> => ({
  name,
  // The graph only reads the list's ref: the replay starts a real actor with a recording list (setUp).
  input: { list: {} as ActorRefFrom<typeof listMachine>, filter: EMPTY_ANSWER_FILTER, urgent: true },
  events: (snapshot: FeedSnapshot) => events.filter((event) => listShows(snapshot, event)),
  // Sets, not lists, of what can only repeat by a bug: a graph of the machine with that bug stays finite (and fails).
  distinguish: ({ context }: FeedSnapshot) => [
    context.shown,
    [...new Set(context.arrivals)].sort(),
    context.cursor,
    Object.keys(context.patches).sort(),
    context.filter.county,
  ],
});

const families = [
  family("live events", [PAGE_ONE, PAGE_TWO, ...liveNames.map((name) => LIVE[name].event), { type: "live.reset" }, { type: "arrivals.show" }, CLUJ]),
  family("the keyboard", [
    PAGE_ONE,
    PAGE_TWO,
    { type: "cursor.next" },
    { type: "cursor.previous" },
    { type: "cursor.focus", key: "2-2" },
    { type: "cursor.set", key: "2-2" },
    LIVE["flagged answers at CJ 15 (9-9)"].event,
    { type: "arrivals.show" },
  ]),
];

function describeEvent(event: ThreadFeedEvent): string {
  switch (event.type) {
    case "rows.shown":
      return `${pageName(event.keys)} shown`;
    case "live.thread":
      return nameOfLive(event);
    case "filter.changed":
      return "filter county CJ";
    case "cursor.focus":
    case "cursor.set":
      return `${event.type} ${event.key}`;
    default:
      return event.type;
  }
}

/** Where a live event's thread is (and whether it is counted already), and where the cursor starts from: kinds of their own. */
function facet(path: ModelPath<typeof threadFeedMachine, ThreadFeedEvent>, index: number): string {
  const { event } = path.steps[index]!;
  const { context } = path.steps[index - 1]!.state;
  if (event.type === "live.thread") {
    const key = `${event.event.idObserver}-${event.event.idPollingStation}`;
    return context.shown.includes(key) ? " [on screen]" : context.arrivals.includes(key) ? " [off screen, counted already]" : " [off screen]";
  }
  if (event.type === "cursor.next" || event.type === "cursor.previous") {
    // The end the key walks towards: the last row for j, the first for k.
    const end = event.type === "cursor.next" ? context.shown.at(-1) : context.shown[0];
    return ` [from ${context.cursor === null ? "no row" : context.cursor === end ? "the end" : "another row"}]`;
  }
  return "";
}

const taken = (path: ModelPath<typeof threadFeedMachine, ThreadFeedEvent>, index: number) =>
  transitionsTaken(threadFeedMachine, path.steps[index - 1]!.state as AnyMachineSnapshot, path.steps[index]!.event);

const paths = pathsThroughEveryKind(
  threadFeedMachine,
  families,
  (path, index) => `${describeEvent(path.steps[index]!.event)}${facet(path, index)} @ ${taken(path, index).join(", ")}`,
);

/** What the urgents list must show and must have asked, kept by hand at every event. */
interface Expected {
  filter: "all" | "CJ";
  shown: string[];
  hasNext: boolean;
  hasPrevious: boolean;
  /** Behind the "N new" bar, each thread once. */
  arrivals: string[];
  catchingUp: boolean;
  /** The keyboard asked for another page, which has not been shown yet. */
  turning: "forward" | "back" | null;
  cursor: string | null;
  focusRequests: number;
  patched: Record<string, { claim: string | null; state: string }>;
  /** Every event the feed sent the list, in order. */
  toList: string[];
  pageTurns: number;
}

interface System {
  feed: ReturnType<typeof start>;
  sent: AnyEventObject[];
  pageTurns: number;
  expected: Expected;
}

function start(sent: AnyEventObject[]) {
  const list = createActor(fromCallback(({ receive }) => receive((event) => void sent.push(event)))).start();
  return createActor(threadFeedMachine, {
    input: { list: list as unknown as ActorRefFrom<typeof listMachine>, filter: EMPTY_ANSWER_FILTER, urgent: true },
  }).start();
}

function setUp(): System {
  const sent: AnyEventObject[] = [];
  const system: System = {
    feed: start(sent),
    sent,
    pageTurns: 0,
    expected: {
      filter: "all",
      shown: [],
      hasNext: false,
      hasPrevious: false,
      arrivals: [],
      catchingUp: false,
      turning: null,
      cursor: null,
      focusRequests: 0,
      patched: {},
      toList: [],
      pageTurns: 0,
    },
  };
  system.feed.on("page.turned", () => void (system.pageTurns += 1));
  return system;
}

/** The keyboard puts the cursor on a row (if there is one) and asks the view to focus it. */
function moveTo(expected: Expected, key: string | undefined) {
  if (key === undefined) return;
  expected.cursor = key;
  expected.focusRequests += 1;
}

type Options = ModelTestOptions<typeof threadFeedMachine, ThreadFeedEvent, System>;

const eventExecutors: Options["eventExecutors"] = {
  "rows.shown": ({ feed, expected }, event) => {
    feed.send(event);
    Object.assign(expected, { shown: event.keys, hasNext: event.hasNext, hasPrevious: event.hasPrevious, patched: {}, catchingUp: false });
    expected.arrivals = expected.arrivals.filter((key) => !event.keys.includes(key));
    // The page the keyboard turned to: the cursor lands on its first row going forward, its last going back.
    if (expected.turning) moveTo(expected, expected.turning === "forward" ? event.keys[0] : event.keys.at(-1));
    expected.turning = null;
  },
  "live.thread": ({ feed, expected }, event) => {
    feed.send(event);
    const key = `${event.event.idObserver}-${event.event.idPollingStation}`;
    const change = event.event.thread!;
    if (expected.shown.includes(key)) {
      expected.patched[key] = { claim: change.claim?.holder ?? null, state: change.state };
    } else if (LIVE[nameOfLive(event)].belongs[expected.filter] && event.event.kind === "answers" && !expected.arrivals.includes(key)) {
      expected.arrivals.push(key);
    }
  },
  "live.reset": ({ feed, expected }, event) => {
    feed.send(event);
    Object.assign(expected, { arrivals: [], catchingUp: false });
    expected.toList.push("list.refresh");
  },
  "arrivals.show": ({ feed, expected }, event) => {
    feed.send(event);
    if (expected.catchingUp || expected.arrivals.length === 0) return;
    Object.assign(expected, { arrivals: [], catchingUp: true });
    expected.toList.push("page.first");
  },
  "filter.changed": ({ feed, expected }, event) => {
    feed.send(event);
    Object.assign(expected, { filter: event.filter.county === "CJ" ? "CJ" : "all", arrivals: [], patched: {}, catchingUp: false });
  },
  "cursor.next": ({ feed, expected }, event) => {
    feed.send(event);
    if (expected.turning) return;
    const { shown, cursor } = expected;
    if (shown.length > 0 && cursor === shown.at(-1) && expected.hasNext) {
      Object.assign(expected, { turning: "forward", pageTurns: expected.pageTurns + 1 });
      expected.toList.push("page.next");
      return;
    }
    moveTo(expected, shown[Math.min((cursor === null ? -1 : shown.indexOf(cursor)) + 1, shown.length - 1)]);
  },
  "cursor.previous": ({ feed, expected }, event) => {
    feed.send(event);
    if (expected.turning) return;
    const { shown, cursor } = expected;
    if (shown.length > 0 && cursor === shown[0] && expected.hasPrevious) {
      Object.assign(expected, { turning: "back", pageTurns: expected.pageTurns + 1 });
      expected.toList.push("page.previous");
      return;
    }
    moveTo(expected, shown[Math.max((cursor === null ? shown.length : shown.indexOf(cursor)) - 1, 0)]);
  },
  "cursor.set": ({ feed, expected }, event) => {
    feed.send(event);
    expected.cursor = event.key;
  },
  "cursor.focus": ({ feed, expected }, event) => {
    feed.send(event);
    moveTo(expected, expected.cursor ?? event.key ?? undefined);
  },
};

/** What the list view reads from the feed, and what the feed sent the list and told the page. */
function seen({ feed, sent, pageTurns }: System) {
  const snapshot = feed.getSnapshot();
  return {
    arrivals: selectArrivalCount(snapshot),
    catchingUp: selectCatchingUp(snapshot),
    cursor: selectCursor(snapshot),
    focusRequests: selectFocusRequest(snapshot),
    patched: Object.fromEntries(Object.entries(selectPatches(snapshot)).map(([key, row]) => [key, { claim: row.claim?.holder ?? null, state: row.state }])),
    toList: sent.map((event) => event.type),
    pageTurns,
  };
}

const expectedView = ({ arrivals, catchingUp, cursor, focusRequests, patched, toList, pageTurns }: Expected) => ({
  arrivals: arrivals.length,
  catchingUp,
  cursor,
  focusRequests,
  patched,
  toList,
  pageTurns,
});

/** Every state: the view as Expected says; and Expected agrees with the model on the phase of each region. */
const stateAssertions: Options["stateAssertions"] = {
  "arrivals.upToDate": (system) => {
    expect(seen(system)).toEqual(expectedView(system.expected));
    expect([system.expected.arrivals.length, system.expected.catchingUp]).toEqual([0, false]);
  },
  "arrivals.waiting": (system) => {
    expect(seen(system)).toEqual(expectedView(system.expected));
    expect([system.expected.arrivals.length > 0, system.expected.catchingUp]).toEqual([true, false]);
  },
  "arrivals.catchingUp": (system) => {
    expect(seen(system)).toEqual(expectedView(system.expected));
    expect(system.expected.catchingUp).toBe(true);
  },
  "cursor.onPage": ({ expected }) => {
    expect(expected.turning).toBeNull();
  },
  "cursor.turningForward": ({ expected }) => {
    expect(expected.turning).toBe("forward");
  },
  "cursor.turningBack": ({ expected }) => {
    expect(expected.turning).toBe("back");
  },
};

const testName = ({ family: { name }, path }: (typeof paths)[number]) =>
  `${name}: ${path.steps.length > 1 ? path.steps.slice(1).map((step) => describeEvent(step.event)).join(" → ") : "at start"}`;

describe(`${threadFeedMachine.id} model`, () => {
  for (const candidate of paths) {
    it(testName(candidate), () =>
      replayPath(candidate.path, { machine: threadFeedMachine, events: candidate.family.events, setUp, eventExecutors, stateAssertions, describeEvent }),
    );
  }
});

describe(`${threadFeedMachine.id} model coverage`, () => {
  it("replays few paths, which together take every kind of transition", () => {
    expect(paths).toHaveLength(20);
  });

  it("reaches every state through every transition of the chart", () => {
    const states = new Set(paths.flatMap(({ path }) => path.steps.map((step) => stateValue(step.state as AnyMachineSnapshot))));
    expect(states).toEqual(
      new Set(
        ["upToDate", "waiting", "catchingUp"].flatMap((arrivals) =>
          ["onPage", "turningForward", "turningBack"].map((cursor) => JSON.stringify({ arrivals, cursor })),
        ),
      ),
    );
    const transitions = new Set(paths.flatMap(({ path }) => path.steps.slice(1).flatMap((_, index) => taken(path, index + 1))));
    expect([...transitions].sort()).toEqual(everyTransition(threadFeedMachine).sort());
  });
});

describe(threadFeedMachine.id, () => {
  it("walks the rows with j and k and turns the page past the last row", () => {
    const sent: AnyEventObject[] = [];
    const feed = start(sent);
    feed.send(PAGE_ONE);
    feed.send({ type: "cursor.next" });
    expect(selectCursor(feed.getSnapshot())).toBe("1-1");
    feed.send({ type: "cursor.next" });
    expect(selectCursor(feed.getSnapshot())).toBe("2-2");
    feed.send({ type: "cursor.next" });
    expect(sent.map((event) => event.type)).toEqual(["page.next"]);
    feed.send(PAGE_TWO);
    expect(selectCursor(feed.getSnapshot())).toBe("3-3");
    feed.send({ type: "cursor.previous" });
    expect(sent.map((event) => event.type)).toEqual(["page.next", "page.previous"]);
    feed.send(PAGE_ONE);
    expect(selectCursor(feed.getSnapshot())).toBe("2-2");
  });

  it("counts an arrival once, and a reset reloads the rows", () => {
    const sent: AnyEventObject[] = [];
    const feed = start(sent);
    const arrival = LIVE["flagged answers at CJ 15 (9-9)"].event;
    feed.send(PAGE_ONE);
    feed.send(arrival);
    feed.send(arrival);
    expect(selectArrivalCount(feed.getSnapshot())).toBe(1);
    feed.send({ type: "live.reset" });
    expect(selectArrivalCount(feed.getSnapshot())).toBe(0);
    expect(sent.map((event) => event.type)).toEqual(["list.refresh"]);
  });
});
