import { describe, expect, it } from "vitest";
import { createActor, fromCallback, type AnyEventObject } from "xstate";
import type { LiveThreadEvent } from "../../src/features/answers/list/live-match";
import { threadFeedMachine, type ThreadFeedEvent } from "../../src/features/answers/list/thread-feed.machine";
import { selectArrivalCount, selectCatchingUp, selectCursor, selectPatches } from "../../src/features/answers/list/thread-feed.selectors";
import { EMPTY_ANSWER_FILTER } from "../../src/features/answers/list/answer-list.config";
import type { listMachine } from "../../src/shared/machines/list.machine";
import type { ActorRefFrom } from "xstate";
import { testEveryShortestPath, type ModelTestOptions } from "../support/model";

/*
 * The thread feed replayed on a real actor whose list is a recording stand-in: every state asserts what the list
 * view reads (the "N new" count, catching up, the cursor, rows patched in place) and what the feed asked of the list
 * (page 1 again to show arrivals, a page turned by the keyboard, a reload after a reset) or told the page.
 */

const thread = (idObserver: number, idPollingStation: number, changes: Partial<NonNullable<LiveThreadEvent["thread"]>> = {}) => ({
  idObserver,
  idPollingStation,
  pollingStationName: "CJ 15",
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
const live = (kind: LiveThreadEvent["kind"], idObserver: number, idPollingStation: number, changes = {}): LiveThreadEvent => ({
  kind,
  idObserver,
  idPollingStation,
  ngoId: 1,
  at: "2026-11-25T07:42:10.000Z",
  actor: null,
  thread: thread(idObserver, idPollingStation, changes),
  forms: [{ code: "A", flaggedCount: 1 }],
});

const PAGE_ONE: ThreadFeedEvent = { type: "rows.shown", keys: ["1-1", "2-2"], hasNext: true, hasPrevious: false };
const PAGE_TWO: ThreadFeedEvent = { type: "rows.shown", keys: ["3-3"], hasNext: false, hasPrevious: true };
const ARRIVAL: ThreadFeedEvent = { type: "live.thread", event: live("answers", 9, 9) };
const CLAIM_ON_SCREEN: ThreadFeedEvent = {
  type: "live.thread",
  event: live("claim", 1, 1, { claim: { holderId: 7, holder: "ana", since: "2026-11-25T07:43:00.000Z", expiresAt: "2026-11-25T07:44:30.000Z", mine: false } }),
};
const NOT_URGENT: ThreadFeedEvent = { type: "live.thread", event: live("answers", 8, 8, { flaggedCount: 0 }) };

const events: ThreadFeedEvent[] = [
  PAGE_ONE,
  PAGE_TWO,
  ARRIVAL,
  CLAIM_ON_SCREEN,
  NOT_URGENT,
  { type: "live.reset" },
  { type: "arrivals.show" },
  { type: "filter.changed", filter: { ...EMPTY_ANSWER_FILTER, county: "CJ" } },
  { type: "cursor.next" },
  { type: "cursor.previous" },
  { type: "cursor.focus", key: "2-2" },
];

interface System {
  feed: ReturnType<typeof start>;
  /** What the feed sent to the list, and what it emitted to the page. */
  sent: AnyEventObject[];
  turned: number;
}

function start(sent: AnyEventObject[]) {
  const list = createActor(fromCallback(({ receive }) => receive((event) => void sent.push(event)))).start();
  return createActor(threadFeedMachine, {
    input: { list: list as unknown as ActorRefFrom<typeof listMachine>, filter: EMPTY_ANSWER_FILTER, urgent: true },
  }).start();
}

const sentTypes = (system: System) => system.sent.map((event) => event.type);

type Options = ModelTestOptions<typeof threadFeedMachine, ThreadFeedEvent, System>;

const options: Options = {
  machine: threadFeedMachine,
  input: { list: {} as ActorRefFrom<typeof listMachine>, filter: EMPTY_ANSWER_FILTER, urgent: true },
  events,
  // The cursor's focus counter and the order of arrivals only grow: the states and the facts a view reads tell nodes apart.
  distinguish: (snapshot) => [
    snapshot.context.shown,
    snapshot.context.arrivals.length > 0,
    snapshot.context.cursor,
    Object.keys(snapshot.context.patches).length > 0,
  ],
  setUp: () => {
    const system = { sent: [] as AnyEventObject[], turned: 0 } as System;
    system.feed = start(system.sent);
    system.feed.on("page.turned", () => void (system.turned += 1));
    return system;
  },
  eventExecutors: {
    "rows.shown": ({ feed }, event) => feed.send(event),
    "live.thread": ({ feed }, event) => feed.send(event),
    "live.reset": ({ feed }, event) => feed.send(event),
    "arrivals.show": ({ feed }, event) => feed.send(event),
    "filter.changed": ({ feed }, event) => feed.send(event),
    "cursor.next": ({ feed }, event) => feed.send(event),
    "cursor.previous": ({ feed }, event) => feed.send(event),
    "cursor.set": ({ feed }, event) => feed.send(event),
    "cursor.focus": ({ feed }, event) => feed.send(event),
  },
  stateAssertions: {
    "arrivals.upToDate": ({ feed }, snapshot) => {
      expect(selectArrivalCount(feed.getSnapshot())).toBe(0);
      expect(selectCatchingUp(feed.getSnapshot())).toBe(false);
      expect(snapshot.context.arrivals).toEqual([]);
    },
    "arrivals.waiting": ({ feed }, snapshot) => {
      // an off-screen urgent arrival counts once; a thread that is not urgent never does
      expect(selectArrivalCount(feed.getSnapshot())).toBe(snapshot.context.arrivals.length);
      expect(feed.getSnapshot().context.arrivals).toEqual(["9-9"]);
    },
    "arrivals.catchingUp": (system, snapshot) => {
      expect(selectCatchingUp(system.feed.getSnapshot())).toBe(true);
      // what arrives while page 1 loads waits for the next bar
      expect(selectArrivalCount(system.feed.getSnapshot())).toBe(snapshot.context.arrivals.length);
      expect(sentTypes(system)).toContain("page.first");
    },
    "cursor.onPage": ({ feed }, snapshot) => {
      expect(selectCursor(feed.getSnapshot())).toBe(snapshot.context.cursor);
      const patched = selectPatches(feed.getSnapshot());
      // a claim on a row on screen changes that row in place and never counts as new
      expect(Object.keys(patched)).toEqual(Object.keys(snapshot.context.patches));
      if (patched["1-1"]) expect(patched["1-1"].claim?.holder).toBe("ana");
    },
    "cursor.turningForward": (system) => {
      expect(sentTypes(system)).toContain("page.next");
      expect(system.turned).toBeGreaterThan(0);
    },
    "cursor.turningBack": (system) => {
      expect(sentTypes(system)).toContain("page.previous");
      expect(system.turned).toBeGreaterThan(0);
    },
  },
};

describe("thread feed model", () => {
  const paths = testEveryShortestPath(options);

  it("covers every state and every event", () => {
    const states = new Set(paths.flatMap((path) => path.steps.map((step) => JSON.stringify((step.state).value))));
    expect(states).toEqual(
      new Set(
        ["upToDate", "waiting", "catchingUp"].flatMap((arrivals) =>
          ["onPage", "turningForward", "turningBack"].map((cursor) => JSON.stringify({ arrivals, cursor })),
        ),
      ),
    );
    const types = new Set(paths.flatMap((path) => path.steps.map((step) => step.event.type)));
    for (const event of events) expect(types).toContain(event.type);
  });
});

describe("thread feed", () => {
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
    feed.send(PAGE_ONE);
    feed.send(ARRIVAL);
    feed.send(ARRIVAL);
    expect(selectArrivalCount(feed.getSnapshot())).toBe(1);
    feed.send({ type: "live.reset" });
    expect(selectArrivalCount(feed.getSnapshot())).toBe(0);
    expect(sent.map((event) => event.type)).toEqual(["list.refresh"]);
  });
});
