import { waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { notifications } from "@mantine/notifications";
import type { DoneActorEvent, ErrorActorEvent, SnapshotFrom } from "xstate";
import { ApiError } from "../../src/api/problem";
import type { Observer } from "../../src/features/observers/observers.actors";
import { organizerToken } from "../support/token.fixtures";
import {
  pageModeMachine,
  type PageModeEvent,
  type PageModeInput,
  type PageRecord,
} from "../../src/shared/machines/page-mode.machine";
import { testEveryShortestPath, type ModelTestOptions } from "../support/model";
import { renderApp, withAccountChecks, type FakeFetch } from "../support/render";
import { observerProfilePage } from "./pages/observer-profile.page";
import { createRequestQueue, problemResponseFor } from "../support/request-queue";

type RecordCall = "loadRecord" | "createRecord" | "updateRecord" | "deleteRecord";
type ModelEvent =
  | PageModeEvent
  | { [Call in RecordCall]: DoneActorEvent<PageRecord, Call> | ErrorActorEvent<ApiError, Call> }[RecordCall];

const ana: Observer = {
  id: 7,
  name: "Ana Pop",
  phone: "0722000000",
  ngoId: 1,
  ngo: "NGO 1",
  deviceRegisterDate: null,
  lastSeen: null,
  numberOfNotes: 0,
  numberOfPollingStations: 0,
};
const typed = { name: "Ana Maria Pop", phone: "0722000001", pin: "1234" };
const saved: Observer = { ...ana, name: typed.name, phone: typed.phone };
const duplicatePhone = new ApiError({
  status: 409,
  code: "duplicate_phone",
  title: "The phone number is already in use",
  fieldErrors: { phone: [{ code: "duplicate", message: "in use" }] },
});
const unavailable = new ApiError({ status: 503, code: "unavailable", title: "Unavailable" });

const events: ModelEvent[] = [
  { type: "mode.edit" },
  { type: "form.submit", values: typed },
  { type: "form.cancel" },
  { type: "record.delete" },
  { type: "delete.confirm" },
  { type: "delete.cancel" },
  { type: "load.retry" },
  { type: "xstate.done.actor.loadRecord", actorId: "loadRecord", output: ana },
  { type: "xstate.error.actor.loadRecord", actorId: "loadRecord", error: unavailable },
  { type: "xstate.done.actor.createRecord", actorId: "createRecord", output: saved },
  { type: "xstate.error.actor.createRecord", actorId: "createRecord", error: duplicatePhone },
  { type: "xstate.done.actor.updateRecord", actorId: "updateRecord", output: saved },
  { type: "xstate.error.actor.updateRecord", actorId: "updateRecord", error: duplicatePhone },
  { type: "xstate.done.actor.deleteRecord", actorId: "deleteRecord", output: undefined as unknown as PageRecord },
  { type: "xstate.error.actor.deleteRecord", actorId: "deleteRecord", error: unavailable },
];

/** Plays the observer endpoints: profile calls wait for the test; the list page's calls get an empty list. */
function createFakeServer() {
  const queues = {
    loadRecord: createRequestQueue(),
    createRecord: createRequestQueue(),
    updateRecord: createRequestQueue(),
    deleteRecord: createRequestQueue(),
  };
  const fetch: FakeFetch = (request) => {
    const url = new URL(request.url);
    if (url.pathname === "/api/v1/observer") {
      if (request.method === "GET" && url.searchParams.has("id")) return queues.loadRecord.receive(request);
      if (request.method === "POST") return queues.createRecord.receive(request);
      if (request.method === "PUT") return queues.updateRecord.receive(request);
      if (request.method === "DELETE") return queues.deleteRecord.receive(request);
      return Promise.resolve(Response.json({ page: 1, pageSize: 20, totalItems: 0, totalPages: 1, data: [] }));
    }
    if (url.pathname === "/api/v1/observer/count") return Promise.resolve(Response.json({ count: 0 }));
    return Promise.resolve(Response.json({ status: 404, code: "not_found", title: "Not found" }, { status: 404 }));
  };
  const pendingCount = () => Object.values(queues).reduce((total, queue) => total + queue.activeCount(), 0);
  return { fetch: withAccountChecks(fetch), queues, pendingCount };
}

const paths = { creating: "/observatori/profil/new", viewing: "/observatori/profil/view/7", editing: "/observatori/profil/edit/7" };

function setUp(input: PageModeInput | undefined) {
  const server = createFakeServer();
  const app = renderApp({ path: paths[input?.mode ?? "creating"], storedToken: organizerToken, fetch: server.fetch });
  return { app, server, profile: observerProfilePage(app.user) };
}

type System = ReturnType<typeof setUp>;
type Options = ModelTestOptions<typeof pageModeMachine, ModelEvent, System>;

const waitForRequest = (queue: ReturnType<typeof createRequestQueue>) =>
  waitFor(() => expect(queue.activeCount()).toBe(1));

const eventExecutors: Options["eventExecutors"] = {
  "mode.edit": async ({ server, profile }) => {
    // While the record loads there is no Edit button: the route itself changes (browser history).
    if (server.queues.loadRecord.activeCount() > 0) profile.goTo(paths.editing);
    else await profile.clickEdit();
  },
  "mode.view": () => {
    throw new Error("mode.view (browser history) is not explored");
  },
  "form.submit": async ({ app, profile, server }, { values }) => {
    await profile.fillForm(values as typeof typed);
    await profile.clickSave();
    const queue = app.currentPath() === paths.creating ? server.queues.createRecord : server.queues.updateRecord;
    await waitForRequest(queue);
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
  "xstate.done.actor.loadRecord": ({ server }, { output }) =>
    server.queues.loadRecord.answer(Response.json({ page: 1, pageSize: 20, totalItems: 1, totalPages: 1, data: [output] })),
  "xstate.error.actor.loadRecord": ({ server }, { error }) => server.queues.loadRecord.answer(problemResponseFor(error)),
  "xstate.done.actor.createRecord": ({ server }, { output }) =>
    server.queues.createRecord.answer(Response.json(output, { status: 201 })),
  "xstate.error.actor.createRecord": ({ server }, { error }) => server.queues.createRecord.answer(problemResponseFor(error)),
  "xstate.done.actor.updateRecord": ({ server }, { output }) => server.queues.updateRecord.answer(Response.json(output)),
  "xstate.error.actor.updateRecord": ({ server }, { error }) => server.queues.updateRecord.answer(problemResponseFor(error)),
  "xstate.done.actor.deleteRecord": ({ server }) => server.queues.deleteRecord.answer(new Response(null, { status: 204 })),
  "xstate.error.actor.deleteRecord": ({ server }, { error }) => server.queues.deleteRecord.answer(problemResponseFor(error)),
};

type PageSnapshot = SnapshotFrom<typeof pageModeMachine>;

/** What the form shows after a failed save: the typed values, and the duplicate phone on its field. */
async function seeFormAfter({ profile }: System, snapshot: PageSnapshot) {
  const { error, record } = snapshot.context;
  if (error?.fieldErrors.phone) {
    profile.seeValues(typed);
    profile.seePhoneError("This phone number is already used by another observer");
    await profile.seeNotification("This phone number is already used by another observer");
  } else if (record) {
    profile.seeValues(record as Observer);
  }
}

const stateAssertions: Record<string, (system: System, snapshot: PageSnapshot) => unknown> = {
  loading: async ({ profile, server }) => {
    await profile.seeLoading();
    expect(server.queues.loadRecord.activeCount()).toBe(1);
  },
  failed: async ({ profile, server }) => {
    await profile.seeLoadFailed();
    expect(server.pendingCount()).toBe(0);
  },
  "creating.form": async (system, snapshot) => {
    await system.profile.seeForm("creating");
    expect(system.server.pendingCount()).toBe(0);
    await seeFormAfter(system, snapshot);
  },
  "creating.saving": async ({ profile, server }) => {
    await profile.seeSaving();
    expect(server.queues.createRecord.activeCount()).toBe(1);
  },
  "ready.viewing": async ({ profile, server }) => {
    await profile.seeForm("viewing");
    profile.seeValues(ana);
    expect(server.pendingCount()).toBe(0);
  },
  "ready.editing.form": async (system, snapshot) => {
    await system.profile.seeForm("editing");
    expect(system.app.currentPath()).toBe(paths.editing);
    expect(system.server.pendingCount()).toBe(0);
    await seeFormAfter(system, snapshot);
  },
  "ready.editing.saving": async ({ profile, server }) => {
    await profile.seeSaving();
    expect(server.queues.updateRecord.activeCount()).toBe(1);
  },
  "ready.editing.confirmingDelete": async ({ profile, server }) => {
    await profile.seeDeleteQuestion();
    expect(server.pendingCount()).toBe(0);
  },
  "ready.editing.deleting": async ({ profile, server }) => {
    await profile.seeDeleting();
    expect(server.queues.deleteRecord.activeCount()).toBe(1);
  },
  closed: async ({ app }) => {
    await waitFor(() => expect(app.currentPath()).toBe("/observatori"));
  },
  "ready.editing": ({ app }) => {
    expect(app.currentPath()).toBe(paths.editing);
  },
};

function describeEvent(event: ModelEvent): string {
  if (event.type.startsWith("xstate.done.actor.")) return `${event.type.slice(18)} succeeds`;
  if (event.type.startsWith("xstate.error.actor.")) return `${event.type.slice(19)} fails`;
  return event.type;
}

const startingPoints: [string, PageModeInput][] = [
  ["new", { mode: "creating", id: null }],
  ["view/7", { mode: "viewing", id: 7 }],
  ["edit/7", { mode: "editing", id: 7 }],
];

afterEach(() => {
  sessionStorage.clear();
  // Mantine's notification store outlives a test's render.
  notifications.clean();
});

describe.each(startingPoints)(`${pageModeMachine.id} model on /observatori/profil/%s`, (_, input) => {
  const modelPaths = testEveryShortestPath({ machine: pageModeMachine, input, events, setUp, eventExecutors, stateAssertions, describeEvent });

  it("reaches the closed state (the page leaves for /observatori)", () => {
    expect(modelPaths.some(({ state }) => state.matches("closed"))).toBe(true);
  });
});
