/**
 * The page-mode conformance suite: every profile page (observer, NGO, later the form editor and the notification
 * composer) runs the shared page-mode machine as its model against the real screen, through the shared profile
 * page object (tests/pages/profile.ts, its Testing Library driver), on the real server (tests/support/test-server.ts). A page brings its fixtures: its seed and account,
 * its routes, the requests of its four calls, the seeded record (as the server answers it), what the server makes
 * of a saved draft, one field edit, a kept draft for its add route, and what a failed save shows.
 *
 * Every load, save and delete is held until the path says how it ends: a success lets it reach the server, whose
 * answer must be the model's; a failure is the server's own when the page can arrange it (`arrangeSaveError`),
 * otherwise (a 503, a refusal the explored draft cannot cause) the test answers it with a problem.
 *
 * Assertions are per region, so each one is written once: the route region checks the heading and the URL, the
 * record region the phase on screen and the held requests, the draft region the offered Discard and the kept
 * draft in sessionStorage.
 *
 * The paths: from each route, the shortest paths with nodes told apart by the state and the error on the form,
 * each followed from the start (so its draft, its record and the server's answers are its own), without the paths
 * another one begins with. The suite checks that they take every kind of step the whole graph takes.
 */
import { findByRole, waitFor } from "@testing-library/react";
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
import { eventually } from "../pages/locators";
import type { ProfilePage } from "../pages/profile";
import { withoutPrefixes } from "./maximal-paths";
import { followPath, shortestPaths, stepKinds, testPaths, type ModelPath, type ModelTestOptions } from "./model";
import type { FeatureRoutes } from "../../src/shared/routing/feature-routes";
import { renderApp } from "./render-app";
import { problem, startTestServer, type HeldRequests, type Match, type Seed, type TestDb, type TestServer } from "./test-server";

const FIRST_PAINT_MS = 15_000;

type RecordCall = "loadRecord" | "createRecord" | "updateRecord" | "deleteRecord";
export type PageModeModelEvent =
  | PageModeEvent
  | { [Call in RecordCall]: DoneActorEvent<PageRecord, Call> | ErrorActorEvent<ApiError, Call> }[RecordCall];
type PageSnapshot = SnapshotFrom<typeof pageModeMachine>;

export interface PageModeFixtures {
  /** The page's logic: the shared machine with the page's own guards (what makes a draft valid). */
  logic: typeof pageModeMachine;
  blank: PageValues;
  /** The server's data and the admin signed in. */
  seed: Seed;
  account: string;
  /** The page's routes for the seeded record and for a new record, and the features that hold them and `closedPath`. */
  routes: Record<PageMode, string>;
  features: readonly FeatureRoutes[];
  /** Where the page leaves for once closed; `deleted` after a delete. */
  closedPath: (deleted: boolean) => string;
  /** The requests of each call, held until the path says how they end. */
  requests: Record<RecordCall, Match>;
  /** The record in a load's answer. */
  recordOf: (body: unknown) => PageRecord;
  /** The seeded record, as the server answers it (asked before the tests). */
  record: PageRecord;
  /** What the server answers a save of `draft`: the record with the draft's fields (without an id for a new one). */
  saved: (draft: PageValues, record: PageRecord | null) => Record<string, unknown>;
  /** The one field edit the model explores: it makes the kept draft valid on the add route. */
  edit: { field: string; value: string | boolean };
  /** The draft kept in sessionStorage for the add route before the page opens (restored on start). */
  kept: PageValues;
  draftKey: (id: number | null) => string;
  /** The fields a kept draft holds (a PIN never does). */
  keptFields: readonly string[];
  saveError: ApiError;
  /**
   * Makes the server refuse the save whose body it is given with `saveError`; returns what undoes it, so that a
   * later save on the same path succeeds. Without it the test answers the save with `saveError`.
   */
  arrangeSaveError?: (db: TestDb, body: unknown) => Promise<() => Promise<void>>;
  /** No server state gives these: the test answers with them. */
  loadError: ApiError;
  deleteError: ApiError;
  deleteQuestion: (record: PageRecord) => string;
  /** The page's heading in each mode, and the title of its load failure. */
  headings: Record<PageMode, string>;
  loadFailed: string;
  /** What the form shows after a failed save or delete, beyond the draft it keeps. */
  seeFailure: (page: never, error: PageError) => Promise<void> | void;
  /** What else the form shows in a mode (the NGO's admins, the observer's Reset password). */
  seeExtras: (page: never, mode: PageMode) => Promise<void> | void;
}

async function startServer(fixtures: PageModeFixtures) {
  const server = await startTestServer({ seed: fixtures.seed });
  const held = {
    loadRecord: server.hold(fixtures.requests.loadRecord),
    createRecord: server.hold(fixtures.requests.createRecord),
    updateRecord: server.hold(fixtures.requests.updateRecord),
    deleteRecord: server.hold(fixtures.requests.deleteRecord),
  } satisfies Record<RecordCall, HeldRequests>;
  const pendingCount = () => Object.values(held).reduce((total, requests) => total + requests.activeCount(), 0);
  return { server, held, pendingCount };
}

/** A draft's text as the SPA sends it and the server keeps it: trimmed, inner whitespace collapsed. */
export const normalized = (value: PageValues[string] | undefined) => (typeof value === "string" ? value.trim().replace(/\s+/g, " ") : value);

/** The save or delete the SPA sent last. */
const latestWrite = (server: TestServer) => {
  const write = server.writes().at(-1);
  if (!write) throw new Error("no write was sent");
  return write;
};

const kept = (values: PageValues, fields: readonly string[]) =>
  JSON.stringify(Object.fromEntries(fields.filter((field) => field in values).map((field) => [field, values[field]])));

function modeOf(snapshot: PageSnapshot): PageMode {
  return snapshot.matches({ route: "editing" }) ? "editing" : snapshot.matches({ route: "viewing" }) ? "viewing" : "creating";
}

/**
 * The explored events: the viewing start only explores what it alone can do; the editing start does the rest. A
 * save's answer is what the server makes of the draft the state holds.
 */
function eventsFor(fixtures: PageModeFixtures, mode: PageMode, snapshot: PageSnapshot): PageModeModelEvent[] {
  const { record, saveError, loadError, deleteError, edit } = fixtures;
  const { draft } = snapshot.context;
  const created = { id: 0, ...fixtures.saved(draft, null) } as PageRecord;
  const updated = { ...fixtures.saved(draft, snapshot.context.record ?? record), id: record.id } as PageRecord;
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
    { type: "xstate.done.actor.createRecord", actorId: "createRecord", output: created },
    { type: "xstate.error.actor.createRecord", actorId: "createRecord", error: saveError },
    { type: "xstate.done.actor.updateRecord", actorId: "updateRecord", output: updated },
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

/**
 * Registers the model-based suite of one profile page: one test per path from each route it opens on, and the
 * coverage tests. Returns the paths, so the page's suite can pin their number.
 */
export function describePageModeModel<Page extends ProfilePage>({
  name,
  page,
  fixtures,
}: {
  name: string;
  page: (user: ReturnType<typeof renderApp>["user"]) => Page;
  fixtures: PageModeFixtures & {
    seeFailure: (page: Page, error: PageError) => Promise<void> | void;
    seeExtras: (page: Page, mode: PageMode) => Promise<void> | void;
  };
}) {
  const { routes } = fixtures;
  const inputs: Record<PageMode, PageModeInput> = {
    creating: { mode: "creating", id: null, blank: fixtures.blank, stored: fixtures.kept },
    viewing: { mode: "viewing", id: fixtures.record.id, blank: fixtures.blank },
    editing: { mode: "editing", id: fixtures.record.id, blank: fixtures.blank },
  };

  async function setUp(input: PageModeInput | undefined) {
    const mode = input?.mode ?? "creating";
    if (input?.stored) sessionStorage.setItem(fixtures.draftKey(input.id), kept(input.stored, fixtures.keptFields));
    const { server, held, pendingCount } = await startServer(fixtures);
    const app = renderApp({ features: fixtures.features, path: routes[mode], storedToken: await server.tokenFor(fixtures.account), fetch: server.fetch });
    // A file's first render also compiles the page's chunks: seconds on a loaded machine, longer than a step's wait.
    await findByRole(app.container, "heading", { level: 1 }, { timeout: FIRST_PAINT_MS });
    return { app, server, held, pendingCount, profile: page(app.user), deleted: false };
  }
  type System = Awaited<ReturnType<typeof setUp>>;
  type Options = ModelTestOptions<typeof pageModeMachine, PageModeModelEvent, System>;
  const waitForRequest = (requests: HeldRequests) => waitFor(() => expect(requests.activeCount()).toBe(1));
  /** The server refuses the held save with the page's save error: its own refusal when the page can arrange one. */
  async function refuseSave({ server }: System, requests: HeldRequests, error: ApiError) {
    if (!fixtures.arrangeSaveError) return requests.answer(problem(error.status, error.code ?? "unexpected"));
    const undo = await fixtures.arrangeSaveError(server.db, latestWrite(server).body);
    try {
      expect(await requests.release()).toMatchObject({ status: error.status, code: error.code });
    } finally {
      await undo();
    }
  }
  const notExplored = (type: string) => () => {
    throw new Error(`${type} is not explored`);
  };

  const eventExecutors: Options["eventExecutors"] = {
    "mode.edit": async ({ held, profile }) => {
      // Until the record is on screen there is no Edit button: the route itself changes (browser history).
      if (held.loadRecord.activeCount() > 0 || (await profile.buttons()).edit === "absent") await profile.goTo(routes.editing);
      else await profile.edit();
    },
    "mode.view": notExplored("mode.view (browser history)"),
    "field.blur": notExplored("field.blur"),
    "field.change": ({ profile }, { field, value }) => profile.fill(field, typeof value === "boolean" ? value : String(value ?? "")),
    "draft.discard": ({ profile }) => profile.discardChanges(),
    "form.submit": async ({ app, profile, held }) => {
      await profile.save();
      await waitForRequest(app.currentPath() === routes.creating ? held.createRecord : held.updateRecord);
    },
    "form.cancel": ({ profile }) => profile.cancel(),
    "record.delete": ({ profile }) => profile.delete(),
    "delete.confirm": async ({ profile, held }) => {
      await profile.deleteDialog.confirm();
      await waitForRequest(held.deleteRecord);
    },
    "delete.cancel": ({ profile }) => profile.deleteDialog.cancel(),
    "load.retry": async ({ profile, held }) => {
      await profile.retry();
      await waitForRequest(held.loadRecord);
    },
    "xstate.done.actor.loadRecord": async ({ held }, { output }) => {
      expect(fixtures.recordOf(await held.loadRecord.release())).toEqual(output);
    },
    "xstate.error.actor.loadRecord": ({ held }, { error }) => held.loadRecord.answer(problem(error.status, error.code ?? "unexpected")),
    "xstate.done.actor.createRecord": async ({ held }, { output }) => {
      // The new record's id is the server's to choose.
      expect(await held.createRecord.release()).toMatchObject(Object.fromEntries(Object.entries(output).filter(([key]) => key !== "id")));
    },
    "xstate.error.actor.createRecord": (system, { error }) => refuseSave(system, system.held.createRecord, error),
    "xstate.done.actor.updateRecord": async ({ held }, { output }) => {
      expect(await held.updateRecord.release()).toEqual(output);
    },
    "xstate.error.actor.updateRecord": (system, { error }) => refuseSave(system, system.held.updateRecord, error),
    "xstate.done.actor.deleteRecord": async (system) => {
      system.deleted = true;
      // 204: no body, no problem.
      expect(await system.held.deleteRecord.release()).toBeUndefined();
    },
    "xstate.error.actor.deleteRecord": ({ held }, { error }) => held.deleteRecord.answer(problem(error.status, error.code ?? "unexpected")),
  };

  /** The form in a mode: read-only while viewing, Save enabled exactly when the page would take it. */
  async function seeForm(profile: Page, mode: PageMode, canSave: boolean) {
    await eventually(() => profile.deleteDialog.text()).toBeNull();
    const fields = new Set(Object.values(await profile.fieldStates()));
    expect(fields).toEqual(new Set([mode === "viewing" ? "disabled" : "enabled"]));
    const buttons = await profile.buttons();
    expect(buttons.save).toBe(mode === "viewing" ? "absent" : canSave ? "enabled" : "disabled");
    expect(buttons.delete !== "absent").toBe(mode === "editing");
    await fixtures.seeExtras(profile, mode);
  }
  async function seeSaving(profile: Page) {
    await eventually(async () => (await profile.buttons()).save).toBe("busy");
    expect((await profile.buttons()).cancel).toBe("disabled");
  }

  const open = (snapshot: PageSnapshot) => !snapshot.matches({ record: "closed" });
  const onForm = (snapshot: PageSnapshot) => snapshot.matches({ record: { ready: "idle" } });
  const route = (mode: PageMode) => async ({ app, profile }: System, snapshot: PageSnapshot) => {
    if (!open(snapshot)) return;
    await eventually(() => profile.heading()).toBe(fixtures.headings[mode]);
    expect(app.currentPath()).toBe(routes[mode]);
  };
  const storedDraft = (snapshot: PageSnapshot) => sessionStorage.getItem(fixtures.draftKey(snapshot.context.id));

  const stateAssertions: Options["stateAssertions"] = {
    "route.creating": route("creating"),
    "route.viewing": route("viewing"),
    "route.editing": route("editing"),
    "record.loading": async ({ profile, held }) => {
      await eventually(() => profile.isLoading()).toBe(true);
      expect((await profile.buttons()).save).toBe("absent");
      expect(held.loadRecord.activeCount()).toBe(1);
    },
    "record.failed": async ({ profile, pendingCount }) => {
      await eventually(() => profile.loadFailure()).toContain(fixtures.loadFailed);
      expect((await profile.buttons()).retry).toBe("enabled");
      expect(pendingCount()).toBe(0);
    },
    "record.ready.idle": async ({ profile, pendingCount }, snapshot) => {
      await seeForm(profile, modeOf(snapshot), snapshot.can({ type: "form.submit" }));
      expect(pendingCount()).toBe(0);
      const shown = await profile.values();
      expect(shown).toEqual(Object.fromEntries(Object.keys(shown).map((field) => [field, snapshot.context.draft[field]])));
      if (snapshot.context.error) await fixtures.seeFailure(profile, snapshot.context.error);
    },
    "record.ready.adding": async ({ profile, held }) => {
      await seeSaving(profile);
      expect(held.createRecord.activeCount()).toBe(1);
    },
    "record.ready.saving": async ({ profile, held }) => {
      await seeSaving(profile);
      expect(held.updateRecord.activeCount()).toBe(1);
    },
    "record.ready.confirmingDelete": async ({ profile, pendingCount }, snapshot) => {
      await eventually(() => profile.deleteDialog.text()).toContain(fixtures.deleteQuestion(snapshot.context.record ?? fixtures.record));
      expect((await profile.deleteDialog.buttons()).confirm).not.toBe("busy");
      expect(pendingCount()).toBe(0);
    },
    "record.ready.deleting": async ({ profile, held }) => {
      await eventually(() => profile.deleteDialog.buttons()).toEqual({ confirm: "busy", cancel: "disabled" });
      expect(held.deleteRecord.activeCount()).toBe(1);
    },
    "record.closed": async ({ app, deleted }, snapshot) => {
      await waitFor(() => expect(app.currentPath()).toBe(fixtures.closedPath(deleted)));
      expect(storedDraft(snapshot)).toBeNull();
    },
    "draft.clean": async ({ profile }, snapshot) => {
      if (onForm(snapshot)) expect((await profile.buttons()).discard).toBe("absent");
      expect(storedDraft(snapshot)).toBeNull();
    },
    "draft.dirty": async ({ profile }, snapshot) => {
      if (onForm(snapshot) && modeOf(snapshot) !== "viewing") expect((await profile.buttons()).discard).not.toBe("absent");
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
  const whole: ModelPath<typeof pageModeMachine, PageModeModelEvent>[] = [];
  describe.each(Object.entries(inputs))(`${fixtures.logic.id} model on ${name} (%s)`, (mode, input) => {
    const explore = { input, events: (snapshot: PageSnapshot) => eventsFor(fixtures, mode as PageMode, snapshot) };
    // Nodes differ by the state and the error the form shows: a draft or record that differs only by the explored
    // edit, or by a save before it, takes the same transitions. Followed from the start, each path has its own
    // draft and record (and the server's answers to them).
    whole.push(...shortestPaths(fixtures.logic, explore));
    const found = shortestPaths(fixtures.logic, { ...explore, distinguish: ({ context }) => context.error });
    const paths = withoutPrefixes(found.map((path) => followPath(fixtures.logic, explore, path)));
    covered.push(...testPaths(paths, { machine: fixtures.logic, ...explore, setUp, eventExecutors, stateAssertions, describeEvent }));
  });

  it(`${fixtures.logic.id} model on ${name} takes every kind of step the whole graph takes`, () => {
    expect([...stepKinds(covered, describeEvent)].sort()).toEqual([...stepKinds(whole, describeEvent)].sort());
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

  return covered;
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
