import { assign, enqueueActions, fromCallback, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import type { LiveEvent } from "../../shared/live/live-events";
import { listMachine, type ListFilter } from "../../shared/machines/list.machine";
import { resourceMachine } from "../../shared/machines/resource.machine";
import { detailsMachine } from "./details/details.machine";
import { threadTriageMachine, type TriagePanelCommand } from "./details/triage/thread-triage.machine";
import type { AnswerThreadRow } from "./list/answer-list.actors";
import { ANSWER_LIST_INPUT, EMPTY_ANSWER_FILTER } from "./list/answer-list.config";
import { isEmptyFilter, sameFilter } from "./list/answer-list.url";
import { threadKey } from "./list/live-match";
import { threadFeedMachine } from "./list/thread-feed.machine";

export interface Thread {
  observerId: number;
  pollingStationId: number;
}

/** The room's address: the list's filter from the URL query, and the thread of the details route, if one is open. */
export interface RoomAddress {
  filter: ListFilter;
  thread: Thread | null;
}

export interface AnswersRoomInput extends RoomAddress {
  urgent: boolean;
}

export interface AnswersRoomContext extends AnswersRoomInput {
  /** The list's rows the feed was last shown (the list's own array): a snapshot with the same rows is not news. */
  shownRows: unknown;
}

export type AnswersRoomEvent =
  | ({ type: "address.changed" } & RoomAddress)
  | { type: "live.event"; event: LiveEvent }
  | { type: "triage.command"; command: TriagePanelCommand }
  | { type: "list.focus" }
  | { type: "feed.pageTurned" }
  | { type: "triage.commentAdded" };

/** The children's system ids: the inspector names them, and a child finds a sibling by them. */
export const ROOM_SYSTEM = {
  list: "answers.list",
  feed: "answers.feed",
  counties: "answers.counties",
  details: "answers.details",
  triage: "answers.triage",
} as const;

/** The feed and the triage panel as the room runs them: they report to the room, which acts for the page. */
export const roomFeedMachine = threadFeedMachine.provide({ actions: { announcePageTurn: sendParent({ type: "feed.pageTurned" }) } });
export const roomTriageMachine = threadTriageMachine.provide({ actions: { announceCommentAdded: sendParent({ type: "triage.commentAdded" }) } });

const sameThread = (a: Thread | null, b: Thread | null) => a?.observerId === b?.observerId && a?.pollingStationId === b?.pollingStationId;
const keyOf = (thread: Thread) => threadKey({ idObserver: thread.observerId, idPollingStation: thread.pollingStationId });
const concerns = (event: LiveEvent, thread: Thread | null) =>
  event.type === "reset" || (event.event.idObserver === thread?.observerId && event.event.idPollingStation === thread.pollingStationId);

type ListSnapshot = SnapshotFrom<typeof listMachine>;

export const answersRoomMachine = setup({
  types: {
    context: {} as AnswersRoomContext,
    events: {} as AnswersRoomEvent,
    input: {} as AnswersRoomInput,
    children: {} as { list: "list"; feed: "feed"; counties: "counties"; live: "liveEvents"; details: "details"; triage: "triage"; claimRelease: "claimRelease" },
  },
  actors: {
    list: listMachine,
    feed: roomFeedMachine,
    counties: resourceMachine,
    details: detailsMachine,
    triage: roomTriageMachine,
    /** The live channel's thread events and resets, as `live.event`s. */
    liveEvents: fromCallback<AnswersRoomEvent>(() => () => {}),
    /** When the thread is left or the room closes: releases a claim the triage panel holds, so nobody waits 90 s for it. */
    claimRelease: fromCallback(() => () => {}),
  },
  actions: {
    /** The page leaves the open thread for the list, as paging does (the route is the page's). */
    leaveThread: () => {},
    followFilter: enqueueActions(({ enqueue, context, event }) => {
      if (event.type !== "address.changed" || sameFilter(context.filter, event.filter)) return;
      const filter = { ...EMPTY_ANSWER_FILTER, ...event.filter };
      enqueue.assign({ filter });
      enqueue.sendTo("list", isEmptyFilter(filter) && !filter.sort ? { type: "filter.reset" } : { type: "filter.submit", filter });
      enqueue.sendTo("feed", { type: "filter.changed", filter });
    }),
    takeThread: assign({ thread: ({ event }) => (event.type === "address.changed" ? event.thread : null) }),
    passToFeed: enqueueActions(({ enqueue, event }) => {
      if (event.type !== "live.event") return;
      enqueue.sendTo("feed", event.event.type === "reset" ? { type: "live.reset" } : { type: "live.thread", event: event.event.event });
    }),
    focusOpenRow: enqueueActions(({ enqueue, context }) => {
      enqueue.sendTo("feed", { type: "cursor.focus", key: context.thread ? keyOf(context.thread) : null });
    }),
    tellPanesTheThread: enqueueActions(({ enqueue, event }) => {
      if (event.type !== "address.changed" || !event.thread) return;
      const change = { type: "thread.change", thread: event.thread } as const;
      enqueue.sendTo("details", change);
      enqueue.sendTo("triage", change);
    }),
    refreshOpenTriage: enqueueActions(({ enqueue, context, event }) => {
      if (event.type === "live.event" && concerns(event.event, context.thread)) enqueue.sendTo("triage", { type: "triage.refresh" });
    }),
    commandTriage: enqueueActions(({ enqueue, event }) => {
      if (event.type === "triage.command") enqueue.sendTo("triage", event.command);
    }),
  },
  guards: {
    hasThread: ({ context }) => context.thread !== null,
    opensAnotherThread: ({ context, event }) => event.type === "address.changed" && event.thread !== null && !sameThread(context.thread, event.thread),
    closesThread: ({ event }) => event.type === "address.changed" && event.thread === null,
    showsNewRows: ({ context }, snapshot: ListSnapshot) => snapshot.matches("ready") && snapshot.context.items !== context.shownRows,
  },
}).createMachine({
  id: "answersRoom",
  description:
    "The answers and urgents room: the threads list from the address's filter, its live feed, the counties of the filter form and, for the thread the address opens, its details and triage panes. The live channel feeds the list and the open thread; the address (filter, thread) comes from the URL.",
  context: ({ input }) => ({ ...input, shownRows: null }),
  invoke: [
    {
      id: "list",
      systemId: ROOM_SYSTEM.list,
      src: "list",
      // The address's filter from the first load: the list never shows another filter's rows under this address.
      input: ({ context }) => ({ ...ANSWER_LIST_INPUT, initialFilter: { ...EMPTY_ANSWER_FILTER, ...context.filter } }),
      onSnapshot: {
        guard: { type: "showsNewRows", params: ({ event }) => event.snapshot },
        description: "New rows on screen: the feed patches and counts against them",
        actions: enqueueActions(({ enqueue, event }) => {
          const snapshot = event.snapshot;
          enqueue.assign({ shownRows: snapshot.context.items });
          enqueue.sendTo("feed", {
            type: "rows.shown",
            keys: (snapshot.context.items as AnswerThreadRow[]).map(threadKey),
            hasNext: snapshot.can({ type: "page.next" }),
            hasPrevious: snapshot.can({ type: "page.previous" }),
          });
        }),
      },
    },
    {
      id: "feed",
      systemId: ROOM_SYSTEM.feed,
      src: "feed",
      // Invoked after the list, which is in the system by then.
      input: ({ context, self }) => ({ list: self.system.get(ROOM_SYSTEM.list) as ActorRefFrom<typeof listMachine>, filter: { ...EMPTY_ANSWER_FILTER, ...context.filter }, urgent: context.urgent }),
    },
    { id: "counties", systemId: ROOM_SYSTEM.counties, src: "counties", input: {} },
    { id: "live", src: "liveEvents" },
  ],
  on: {
    "address.changed": [
      { guard: "opensAnotherThread", target: ".threadOpen", actions: ["followFilter", "takeThread"] },
      { guard: "closesThread", target: ".noThread", actions: ["followFilter", "takeThread"] },
      { actions: "followFilter" },
    ],
    "live.event": { actions: "passToFeed" },
  },
  initial: "starting",
  states: {
    starting: {
      always: [{ guard: "hasThread", target: "threadOpen" }, { target: "noThread" }],
    },
    noThread: {},
    threadOpen: {
      description: "The details and the triage of one thread: another thread is told to both; leaving releases a claim the panel holds",
      invoke: [
        { id: "details", systemId: ROOM_SYSTEM.details, src: "details", input: ({ context }) => context.thread! },
        { id: "triage", systemId: ROOM_SYSTEM.triage, src: "triage", input: ({ context }) => context.thread! },
        // After the triage panel, which it watches.
        { id: "claimRelease", src: "claimRelease" },
      ],
      on: {
        "address.changed": [
          {
            guard: "opensAnotherThread",
            actions: ["followFilter", "takeThread", "tellPanesTheThread"],
          },
          { guard: "closesThread", target: "noThread", actions: ["followFilter", "takeThread"] },
          { actions: "followFilter" },
        ],
        "live.event": {
          actions: ["passToFeed", "refreshOpenTriage"],
        },
        "triage.command": { actions: "commandTriage" },
        "triage.commentAdded": { actions: "focusOpenRow" },
        "list.focus": { actions: "focusOpenRow" },
        "feed.pageTurned": { actions: "leaveThread" },
      },
    },
  },
});
