import { assertEvent, assign, fromPromise, setup } from "xstate";
import { toLoadFailure, type LoadFailure } from "../../shared/machines/load-failure";
import { isRetryable, toMutationError, type MutationError } from "../../shared/machines/mutation.machine";

/** An observer the composer can address: found by a search, or chosen on another screen. */
export interface Candidate {
  id: number;
  name: string;
  phone: string;
  lastSeen: string | null;
  /**
   * The matched stations ("CJ 15"): those it arrived at, or for a search of the assigned those it is assigned to; null
   * for an observer chosen elsewhere, whose stations the search did not name.
   */
  pollingStations: string[] | null;
  /** A device is registered for push: a notification can reach it. */
  reachable: boolean;
}

export interface SearchCriteria {
  countyCode: string | null;
  from: number | null;
  to: number | null;
  /** The observers assigned to the matching stations, whether they arrived or not; otherwise those who arrived at one. */
  assigned: boolean;
}

export type Audience = "selected" | "all";

export interface Draft {
  title: string;
  message: string;
}

/** What the send actor receives: the message, its audience and the key that makes a retry harmless. */
export interface SendRequest extends Draft {
  audience: Audience;
  recipients: number[];
  idempotencyKey: string;
}

export interface SendResult {
  id: number;
  recipients: number;
  reachable: number;
  notReachable: number;
  provider: "firebase" | "outbox";
}

export interface ComposerContext {
  draft: Draft;
  criteria: SearchCriteria;
  /** The observers on screen: the last search's, or those chosen on another screen. */
  found: Candidate[];
  selection: number[];
  audience: Audience;
  /** Made when a composed message is first confirmed; kept until the message, its audience or its recipients change. */
  idempotencyKey: string | null;
  result: SendResult | null;
  loadError: LoadFailure | null;
  sendError: MutationError | null;
}

export interface ComposerInput {
  /** Observers chosen on another screen (?observerIds=…), selected once loaded. */
  observerIds: number[];
}

export type ComposerEvent =
  | { type: "draft.change"; field: keyof Draft; value: string }
  | { type: "county.change"; countyCode: string | null }
  | { type: "stations.change"; from: number | null; to: number | null }
  /** Who a search finds at the stations: those assigned to them (true) or those who arrived (false). */
  | { type: "match.change"; assigned: boolean }
  | { type: "search.submit" }
  | { type: "search.reset" }
  | { type: "selection.toggle"; id: number }
  | { type: "selection.selectAll" }
  | { type: "selection.clear" }
  /** `key` is a fresh idempotency key, made by the page; it is used only when the composed message has none yet. */
  | { type: "send.selected"; key: string }
  | { type: "send.all"; key: string }
  | { type: "send.confirm" }
  | { type: "send.cancel" }
  | { type: "send.retry" }
  | { type: "compose.edit" }
  | { type: "compose.new" };

const EMPTY_CRITERIA: SearchCriteria = { countyCode: null, from: null, to: null, assigned: false };
const EMPTY_DRAFT: Draft = { title: "", message: "" };

const isFilled = (text: string) => text.trim() !== "";

export const notificationComposerMachine = setup({
  types: {
    context: {} as ComposerContext,
    events: {} as ComposerEvent,
    input: {} as ComposerInput,
    tags: {} as "busy" | "searching",
  },
  actors: {
    loadChosen: fromPromise<Candidate[], { ids: number[] }>(() => Promise.reject(new Error("loadChosen is not provided"))),
    search: fromPromise<Candidate[], SearchCriteria>(() => Promise.reject(new Error("search is not provided"))),
    send: fromPromise<SendResult, SendRequest>(() => Promise.reject(new Error("send is not provided"))),
  },
  guards: {
    hasChosen: ({ context }) => context.selection.length > 0,
    hasCounty: ({ context }) => context.criteria.countyCode !== null,
    draftComplete: ({ context }) => isFilled(context.draft.title) && isFilled(context.draft.message),
    canSendSelected: ({ context }) => isFilled(context.draft.title) && isFilled(context.draft.message) && context.selection.length > 0,
    canRetry: ({ context }) => isRetryable(context.sendError),
  },
  actions: {
    setDraft: assign(({ context, event }) => {
      assertEvent(event, "draft.change");
      return { draft: { ...context.draft, [event.field]: event.value }, idempotencyKey: null };
    }),
    setCounty: assign(({ context, event }) => {
      assertEvent(event, "county.change");
      return { criteria: { ...context.criteria, countyCode: event.countyCode, from: null, to: null }, found: [], selection: [], idempotencyKey: null };
    }),
    setMatch: assign(({ context, event }) => {
      assertEvent(event, "match.change");
      return { criteria: { ...context.criteria, assigned: event.assigned }, found: [], selection: [], idempotencyKey: null };
    }),
    setStations: assign(({ context, event }) => {
      assertEvent(event, "stations.change");
      const to = event.from !== null && event.to !== null && event.to < event.from ? null : event.to;
      return { criteria: { ...context.criteria, from: event.from, to } };
    }),
    resetSearch: assign({ criteria: EMPTY_CRITERIA, found: [], selection: [], idempotencyKey: null, loadError: null }),
    clearLoadError: assign({ loadError: null }),
    keepFound: assign((_, params: { found: Candidate[] }) => ({ found: params.found, loadError: null })),
    keepVisibleSelection: assign(({ context }) => {
      const visible = new Set(context.found.map((candidate) => candidate.id));
      const selection = context.selection.filter((id) => visible.has(id));
      return selection.length === context.selection.length ? {} : { selection, idempotencyKey: null };
    }),
    recordLoadError: assign((_, params: { error: unknown }) => ({ loadError: toLoadFailure(params.error) })),
    toggle: assign(({ context, event }) => {
      assertEvent(event, "selection.toggle");
      const selection = context.selection.includes(event.id)
        ? context.selection.filter((id) => id !== event.id)
        : [...context.selection, event.id];
      return { selection, idempotencyKey: null };
    }),
    selectAll: assign(({ context }) => ({ selection: context.found.map((candidate) => candidate.id), idempotencyKey: null })),
    clearSelection: assign({ selection: [], idempotencyKey: null }),
    prepareSend: assign(({ context }, params: { audience: Audience; key: string }) => ({
      audience: params.audience,
      idempotencyKey: context.idempotencyKey !== null && context.audience === params.audience ? context.idempotencyKey : params.key,
      sendError: null,
    })),
    keepResult: assign((_, params: { result: SendResult }) => ({ result: params.result, idempotencyKey: null })),
    recordSendError: assign((_, params: { error: unknown }) => ({ sendError: toMutationError(params.error) })),
    startOver: assign({ draft: EMPTY_DRAFT, selection: [], idempotencyKey: null, result: null, sendError: null }),
  },
}).createMachine({
  id: "notificationComposer",
  description:
    "Compose a notification, find its recipients by county and station range (those who arrived there or those assigned to them), confirm with the count and send it once: a retry reuses the idempotency key, so the server never sends the same message twice.",
  context: ({ input }) => ({
    draft: EMPTY_DRAFT,
    criteria: EMPTY_CRITERIA,
    found: [],
    selection: input.observerIds,
    audience: "selected",
    idempotencyKey: null,
    result: null,
    loadError: null,
    sendError: null,
  }),
  initial: "starting",
  states: {
    starting: {
      always: [{ guard: "hasChosen", target: "loadingChosen" }, { target: "editing" }],
    },
    loadingChosen: {
      tags: "busy",
      description: "Observers chosen on another screen are read, then shown selected; those out of scope or gone drop out",
      invoke: {
        id: "loadChosen",
        src: "loadChosen",
        input: ({ context }) => ({ ids: context.selection }),
        onDone: { target: "editing", actions: [{ type: "keepFound", params: ({ event }) => ({ found: event.output }) }, "keepVisibleSelection"] },
        onError: { target: "editing", actions: ["clearSelection", { type: "recordLoadError", params: ({ event }) => ({ error: event.error }) }] },
      },
    },
    editing: {
      type: "parallel",
      states: {
        search: {
          initial: "idle",
          on: {
            "county.change": { target: ".idle", actions: "setCounty", description: "The selection is dropped: it belonged to another county" },
            "stations.change": { actions: "setStations" },
            "match.change": {
              target: ".idle",
              actions: "setMatch",
              description:
                "Arrived or assigned is another audience: what was found and selected is dropped, as for a county change, and a running search is abandoned",
            },
            "search.submit": { guard: "hasCounty", target: ".searching", reenter: true },
            "search.reset": { target: ".idle", actions: "resetSearch" },
          },
          states: {
            idle: {},
            searching: {
              tags: "searching",
              description: "A new search, a county change or arrived/assigned abandons this one, so a stale answer never replaces a newer one",
              entry: "clearLoadError",
              invoke: {
                id: "search",
                src: "search",
                input: ({ context }) => context.criteria,
                onDone: { target: "idle", actions: [{ type: "keepFound", params: ({ event }) => ({ found: event.output }) }, "keepVisibleSelection"] },
                onError: { target: "failed", actions: { type: "recordLoadError", params: ({ event }) => ({ error: event.error }) } },
              },
            },
            failed: {},
          },
        },
        validation: {
          initial: "unchecked",
          description: "'Not all fields have been completed' shows after a send asked for too little, until the message or the recipients change",
          on: {
            "draft.change": { target: ".unchecked", actions: "setDraft" },
            "selection.toggle": { target: ".unchecked", actions: "toggle" },
            "selection.selectAll": { target: ".unchecked", actions: "selectAll" },
            "selection.clear": { target: ".unchecked", actions: "clearSelection" },
            "send.selected": [
              { guard: "canSendSelected", target: "#notificationComposer.confirming", actions: { type: "prepareSend", params: ({ event }) => ({ audience: "selected", key: event.key }) } },
              { target: ".incomplete" },
            ],
            "send.all": [
              { guard: "draftComplete", target: "#notificationComposer.confirming", actions: { type: "prepareSend", params: ({ event }) => ({ audience: "all", key: event.key }) } },
              { target: ".incomplete" },
            ],
          },
          states: {
            unchecked: {},
            incomplete: {},
          },
        },
      },
    },
    confirming: {
      description: "NOTIFICATION_SEND_CONFIRMATION with the count is on screen; nothing is sent until it is confirmed",
      on: {
        "send.confirm": "sending",
        "send.cancel": "editing",
      },
    },
    sending: {
      tags: "busy",
      description: "A second confirm or send is ignored here: one composed message, one request",
      invoke: {
        id: "send",
        src: "send",
        input: ({ context }) => ({
          title: context.draft.title.trim(),
          message: context.draft.message.trim(),
          audience: context.audience,
          recipients: context.audience === "all" ? [] : context.selection,
          idempotencyKey: context.idempotencyKey ?? "",
        }),
        onDone: { target: "sent", actions: { type: "keepResult", params: ({ event }) => ({ result: event.output }) } },
        onError: { target: "failed", actions: { type: "recordSendError", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    sent: {
      on: { "compose.new": { target: "editing", actions: "startOver" } },
    },
    failed: {
      on: {
        "send.retry": {
          guard: "canRetry",
          target: "sending",
          description: "The same key again: if the first request did reach the server, it answers that result and sends nothing",
        },
        "compose.edit": {
          target: "editing",
          description: "The key stays until the message or its recipients change, so sending the same message again is still a retry",
        },
      },
    },
  },
});
