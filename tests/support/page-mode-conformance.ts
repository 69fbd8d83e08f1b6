/**
 * The page-mode conformance suite: every profile page (observer, NGO, later the form editor and the notification
 * composer) runs the shared page-mode machine as its model against the real screen, through the shared profile
 * page object. A page brings its fixtures: its routes, its fake endpoints, a record, one field edit, a kept draft
 * for its add route, and what a failed save shows.
 *
 * Assertions are per region, so each one is written once: the route region checks the heading and the URL, the
 * record region the phase on screen and the pending requests, the draft region the offered Discard and the kept
 * draft in sessionStorage.
 */
import { waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { notifications } from "@mantine/notifications";
import type { DoneActorEvent, ErrorActorEvent, SnapshotFrom } from "xstate";
import type { ApiError } from "../../src/api/problem";
import type {
  PageError,
  PageMode,
  PageModeEvent,
  PageModeInput,
  PageRecord,
  PageValues,
  pageModeMachine,
} from "../../src/shared/machines/page-mode.machine";
import type { ProfilePage } from "../model/pages/profile.page";
import { testEveryShortestPath, type ModelPath, type ModelTestOptions } from "./model";
import { renderApp, withAccountChecks, type FakeFetch } from "./render";
import { createRequestQueue, problemResponseFor } from "./request-queue";
import { organizerToken } from "./token.fixtures";

type RecordCall = "loadRecord" | "createRecord" | "updateRecord" | "deleteRecord";
export type PageModeModelEvent =
  | PageModeEvent
  | { [Call in RecordCall]: DoneActorEvent<PageRecord, Call> | ErrorActorEvent<ApiError, Call> }[RecordCall];
export type RequestQueues = Record<RecordCall, ReturnType<typeof createRequestQueue>>;
type PageSnapshot = SnapshotFrom<typeof pageModeMachine>;

export interface PageModeFixtures {
  /** The page's logic: the shared machine with the page's own guards (what makes a draft valid). */
  logic: typeof pageModeMachine;
  blank: PageValues;
  /** The page's routes for record 7 and for a new record. */
  routes: Record<PageMode, string>;
  /** Where the page leaves for once closed; `deleted` after a delete. */
  closedPath: (deleted: boolean) => string;
  /** Sends a profile request to its queue, or answers it (other pages' requests); null for an unknown call. */
  route: (request: Request, queues: RequestQueues) => Promise<Response> | null;
  /** How the server answers a load of `record`. */
  loadResponse: (record: PageRecord) => Response;
  record: PageRecord;
  saved: PageRecord;
  /** The one field edit the model explores: it makes the kept draft valid on the add route. */
  edit: { field: string; value: string | boolean };
  /** The draft kept in sessionStorage for the add route before the page opens (restored on start). */
  kept: PageValues;
  draftKey: (id: number | null) => string;
  /** The fields a kept draft holds (a PIN never does). */
  keptFields: readonly string[];
  saveError: ApiError;
  loadError: ApiError;
  deleteError: ApiError;
  deleteQuestion: (record: PageRecord) => string;
  /** What the form shows after a failed save or delete, beyond the draft it keeps. */
  seeFailure: (page: never, error: PageError) => Promise<void> | void;
}

function createFakeServer(fixtures: PageModeFixtures) {
  const queues: RequestQueues = {
    loadRecord: createRequestQueue(),
    createRecord: createRequestQueue(),
    updateRecord: createRequestQueue(),
    deleteRecord: createRequestQueue(),
  };
  const fetch: FakeFetch = (request) =>
    fixtures.route(request, queues) ??
    Promise.resolve(Response.json({ status: 404, code: "not_found", title: "Not found" }, { status: 404 }));
  const pendingCount = () => Object.values(queues).reduce((total, queue) => total + queue.activeCount(), 0);
  return { fetch: withAccountChecks(fetch), queues, pendingCount };
}

const kept = (values: PageValues, fields: readonly string[]) =>
  JSON.stringify(Object.fromEntries(fields.filter((field) => field in values).map((field) => [field, values[field]])));

function modeOf(snapshot: PageSnapshot): PageMode {
  return snapshot.matches({ route: "editing" }) ? "editing" : snapshot.matches({ route: "viewing" }) ? "viewing" : "creating";
}

/** The explored events: the viewing start only explores what it alone can do; the editing start does the rest. */
function eventsFor(fixtures: PageModeFixtures, mode: PageMode): PageModeModelEvent[] {
  const { record, saved, saveError, loadError, deleteError, edit } = fixtures;
  const loading: PageModeModelEvent[] = [
    { type: "mode.edit" },
    { type: "form.cancel" },
    { type: "load.retry" },
    { type: "xstate.done.actor.loadRecord", actorId: "loadRecord", output: record },
    { type: "xstate.error.actor.loadRecord", actorId: "loadRecord", error: loadError },
  ];
  if (mode === "viewing") return loading;
  return [
    ...loading,
    { type: "field.change", field: edit.field, value: edit.value },
    { type: "draft.discard" },
    { type: "form.submit" },
    { type: "record.delete" },
    { type: "delete.confirm" },
    { type: "delete.cancel" },
    { type: "xstate.done.actor.createRecord", actorId: "createRecord", output: saved },
    { type: "xstate.error.actor.createRecord", actorId: "createRecord", error: saveError },
    { type: "xstate.done.actor.updateRecord", actorId: "updateRecord", output: saved },
    { type: "xstate.error.actor.updateRecord", actorId: "updateRecord", error: saveError },
    { type: "xstate.done.actor.deleteRecord", actorId: "deleteRecord", output: undefined as unknown as PageRecord },
    { type: "xstate.error.actor.deleteRecord", actorId: "deleteRecord", error: deleteError },
  ];
}

function describeEvent(event: PageModeModelEvent): string {
  if (event.type.startsWith("xstate.done.actor.")) return `${event.type.slice(18)} succeeds`;
  if (event.type.startsWith("xstate.error.actor.")) return `${event.type.slice(19)} fails`;
  return event.type === "field.change" ? `${event.type} ${event.field}` : event.type;
}

/** Registers the model-based suite of one profile page: one test per shortest path from each route it opens on. */
export function describePageModeModel<Page extends ProfilePage>({
  name,
  page,
  fixtures,
}: {
  name: string;
  page: (user: ReturnType<typeof renderApp>["user"]) => Page;
  fixtures: PageModeFixtures & { seeFailure: (page: Page, error: PageError) => Promise<void> | void };
}) {
  const { routes } = fixtures;
  const inputs: Record<PageMode, PageModeInput> = {
    creating: { mode: "creating", id: null, blank: fixtures.blank, stored: fixtures.kept },
    viewing: { mode: "viewing", id: fixtures.record.id, blank: fixtures.blank },
    editing: { mode: "editing", id: fixtures.record.id, blank: fixtures.blank },
  };

  function setUp(input: PageModeInput | undefined) {
    const mode = input?.mode ?? "creating";
    if (input?.stored) sessionStorage.setItem(fixtures.draftKey(input.id), kept(input.stored, fixtures.keptFields));
    const server = createFakeServer(fixtures);
    const app = renderApp({ path: routes[mode], storedToken: organizerToken, fetch: server.fetch });
    return { app, server, profile: page(app.user), deleted: false };
  }
  type System = ReturnType<typeof setUp>;
  type Options = ModelTestOptions<typeof pageModeMachine, PageModeModelEvent, System>;
  const waitForRequest = (queue: ReturnType<typeof createRequestQueue>) => waitFor(() => expect(queue.activeCount()).toBe(1));
  const notExplored = (type: string) => () => {
    throw new Error(`${type} is not explored`);
  };

  const eventExecutors: Options["eventExecutors"] = {
    "mode.edit": async ({ server, profile }) => {
      // Until the record is on screen there is no Edit button: the route itself changes (browser history).
      if (server.queues.loadRecord.activeCount() > 0 || !profile.seesEdit()) profile.goTo(routes.editing);
      else await profile.clickEdit();
    },
    "mode.view": notExplored("mode.view (browser history)"),
    "field.blur": notExplored("field.blur"),
    "field.change": ({ profile }, { field, value }) => profile.fill(field, value),
    "draft.discard": ({ profile }) => profile.clickDiscardChanges(),
    "form.submit": async ({ app, profile, server }) => {
      await profile.clickSave();
      await waitForRequest(app.currentPath() === routes.creating ? server.queues.createRecord : server.queues.updateRecord);
    },
    "form.cancel": ({ profile }) => profile.clickCancel(),
    "record.delete": ({ profile }) => profile.clickDelete(),
    "delete.confirm": async ({ profile, server }) => {
      await profile.clickConfirmDelete();
      await waitForRequest(server.queues.deleteRecord);
    },
    "delete.cancel": ({ profile }) => profile.clickDeclineDelete(),
    "load.retry": async ({ profile, server }) => {
      await profile.clickRetry();
      await waitForRequest(server.queues.loadRecord);
    },
    "xstate.done.actor.loadRecord": ({ server }, { output }) => server.queues.loadRecord.answer(fixtures.loadResponse(output)),
    "xstate.error.actor.loadRecord": ({ server }, { error }) => server.queues.loadRecord.answer(problemResponseFor(error)),
    "xstate.done.actor.createRecord": ({ server }, { output }) =>
      server.queues.createRecord.answer(Response.json(output, { status: 201 })),
    "xstate.error.actor.createRecord": ({ server }, { error }) => server.queues.createRecord.answer(problemResponseFor(error)),
    "xstate.done.actor.updateRecord": ({ server }, { output }) => server.queues.updateRecord.answer(Response.json(output)),
    "xstate.error.actor.updateRecord": ({ server }, { error }) => server.queues.updateRecord.answer(problemResponseFor(error)),
    "xstate.done.actor.deleteRecord": (system) => {
      system.deleted = true;
      system.server.queues.deleteRecord.answer(new Response(null, { status: 204 }));
    },
    "xstate.error.actor.deleteRecord": ({ server }, { error }) => server.queues.deleteRecord.answer(problemResponseFor(error)),
  };

  const open = (snapshot: PageSnapshot) => !snapshot.matches({ record: "closed" });
  const onForm = (snapshot: PageSnapshot) => snapshot.matches({ record: { ready: "idle" } });
  const route = (mode: PageMode) => async ({ app, profile }: System, snapshot: PageSnapshot) => {
    if (!open(snapshot)) return;
    await profile.seeHeading(mode);
    expect(app.currentPath()).toBe(routes[mode]);
  };
  const storedDraft = (snapshot: PageSnapshot) => sessionStorage.getItem(fixtures.draftKey(snapshot.context.id));

  const stateAssertions: Options["stateAssertions"] = {
    "route.creating": route("creating"),
    "route.viewing": route("viewing"),
    "route.editing": route("editing"),
    "record.loading": async ({ profile, server }) => {
      await profile.seeLoading();
      expect(server.queues.loadRecord.activeCount()).toBe(1);
    },
    "record.failed": async ({ profile, server }) => {
      await profile.seeLoadFailed();
      expect(server.pendingCount()).toBe(0);
    },
    "record.ready.idle": async ({ profile, server }, snapshot) => {
      await profile.seeForm(modeOf(snapshot), snapshot.can({ type: "form.submit" }));
      expect(server.pendingCount()).toBe(0);
      profile.seeValues(snapshot.context.draft);
      if (snapshot.context.error) await fixtures.seeFailure(profile, snapshot.context.error);
    },
    "record.ready.adding": async ({ profile, server }) => {
      await profile.seeSaving();
      expect(server.queues.createRecord.activeCount()).toBe(1);
    },
    "record.ready.saving": async ({ profile, server }) => {
      await profile.seeSaving();
      expect(server.queues.updateRecord.activeCount()).toBe(1);
    },
    "record.ready.confirmingDelete": async ({ profile, server }, snapshot) => {
      await profile.seeDeleteQuestion(fixtures.deleteQuestion(snapshot.context.record ?? fixtures.record));
      expect(server.pendingCount()).toBe(0);
    },
    "record.ready.deleting": async ({ profile, server }) => {
      await profile.seeDeleting();
      expect(server.queues.deleteRecord.activeCount()).toBe(1);
    },
    "record.closed": async ({ app, deleted }, snapshot) => {
      await waitFor(() => expect(app.currentPath()).toBe(fixtures.closedPath(deleted)));
      expect(storedDraft(snapshot)).toBeNull();
    },
    "draft.clean": ({ profile }, snapshot) => {
      if (onForm(snapshot)) profile.seeDiscardChanges(false);
      expect(storedDraft(snapshot)).toBeNull();
    },
    "draft.dirty": ({ profile }, snapshot) => {
      if (onForm(snapshot) && modeOf(snapshot) !== "viewing") profile.seeDiscardChanges(true);
      // What the store holds is the draft's kept fields (at start, the kept draft it was restored from).
      const stored = JSON.parse(storedDraft(snapshot) ?? "null") as PageValues | null;
      const { draft } = snapshot.context;
      if (open(snapshot)) expect(stored).toEqual(Object.fromEntries(Object.keys(stored ?? {}).map((field) => [field, draft[field]])));
    },
  };

  afterEach(() => {
    sessionStorage.clear();
    // Mantine's notification store outlives a test's render.
    notifications.clean();
  });

  const covered: ModelPath<typeof pageModeMachine, PageModeModelEvent>[] = [];
  describe.each(Object.entries(inputs))(`${fixtures.logic.id} model on ${name} (%s)`, (mode, input) => {
    const events = eventsFor(fixtures, mode as PageMode);
    const options = { machine: fixtures.logic, input, events, setUp, eventExecutors, stateAssertions, describeEvent };
    covered.push(...testEveryShortestPath(options));
  });

  it(`${fixtures.logic.id} model on ${name} reaches every state of the machine`, () => {
    const reached = new Set(covered.flatMap(({ steps }) => steps.flatMap(({ state }) => leafIds(state))));
    expect([...reached].sort()).toEqual(LEAF_STATES);
  });

  it(`${fixtures.logic.id} model on ${name} takes every transition but the two a screen cannot drive alone`, () => {
    const taken = new Set(
      covered.flatMap(({ steps }) =>
        steps.slice(1).flatMap(({ event }, index) =>
          fixtures.logic.getTransitionData(steps[index]!.state, event as PageModeEvent).map((transition) => `${transition.source.id} ${transition.eventType}`),
        ),
      ),
    );
    // field.blur only marks a field visited (the component tests show its messages); a history move from edit to
    // view with a dirty draft is held by the leave guard, so the model cannot tell when it reaches the machine.
    expect(transitionKeys(fixtures.logic).filter((key) => !taken.has(key))).toEqual([
      "pageMode.route.editing mode.view",
      "pageMode.record.ready.idle field.blur",
    ]);
  });
}

function transitionKeys(machine: typeof pageModeMachine): string[] {
  const keys: string[] = [];
  const visit = (node: (typeof machine)["root"]) => {
    for (const type of node.transitions.keys()) keys.push(`${node.id} ${type}`);
    Object.values(node.states).forEach(visit);
  };
  visit(machine.root);
  return keys;
}

const LEAF_STATES = [
  "pageMode.draft.clean",
  "pageMode.draft.dirty",
  "pageMode.record.closed",
  "pageMode.record.failed",
  "pageMode.record.loading",
  "pageMode.record.ready.adding",
  "pageMode.record.ready.confirmingDelete",
  "pageMode.record.ready.deleting",
  "pageMode.record.ready.idle",
  "pageMode.record.ready.saving",
  "pageMode.route.creating",
  "pageMode.route.editing",
  "pageMode.route.viewing",
];

const leafIds = (state: PageSnapshot) =>
  state._nodes.filter((node) => node.type === "atomic" || node.type === "final").map((node) => node.id);
