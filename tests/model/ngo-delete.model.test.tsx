import { afterEach, describe, expect, it } from "vitest";
import { waitFor } from "@testing-library/react";
import { notifications } from "@mantine/notifications";
import type { DoneActorEvent, ErrorActorEvent, SnapshotFrom } from "xstate";
import { mutationMachine, type MutationError, type MutationEvent, type MutationInput } from "../../src/shared/machines/mutation.machine";
import { ORGANIZER, twoNgos } from "../support/seeds/ngos.seed";
import { testEveryMaximalPath } from "../support/maximal-paths";
import type { ModelPath, ModelTestOptions } from "../support/model";
import { renderApp } from "../support/render-app";
import { ngoRoutes } from "../../src/features/ngos/ngo.routes";
import { problem, startTestServer, type HeldRequests } from "../support/test-server";
import { DELETE_DIALOG_WORDS, type ConfirmDialog, type Toasts } from "../pages/common";
import { confirmDialog, toasts } from "../pages/dom/common";
import { ngoList } from "../pages/dom/ngo-list";
import { eventually } from "../pages/locators";
import type { NgoList } from "../pages/ngo-list";

/** The screens this test visits. */
const FEATURES = [ngoRoutes];

/*
 * The shared mutation statechart, replayed on the NGO list's delete: the confirm dialog and the toasts are the
 * system under test, on the real server. Every DELETE is held until the path says how it ends: the 409 is the
 * server's own (the NGO still has admins), the 503 and the 204 are the test's answers: no server state gives a 503,
 * and a real delete would take the NGO off the list when a path still has to ask again. `mutation.reset` and
 * `mutation.progress` have no gesture on this screen (the unit tests cover them).
 */

type ModelEvent =
  | Exclude<MutationEvent, { type: "mutation.reset" | "mutation.progress" }>
  | DoneActorEvent<unknown, "run">
  | ErrorActorEvent<MutationError, "run">;

/** twoNgos' NGO 2: it still has admins, so the server refuses to delete it. */
const target = { id: 2, name: "Asociația Observatorilor" };
const QUESTION = `Are you sure you want to delete the NGO ${target.name}?`;
const messages: Record<number, string> = {
  503: "Something went wrong (error 503). Try again later.",
  409: "This NGO still has observers, admins or answers: deactivate it instead.",
};
const failedWith = (status: number, code: string): ModelEvent => ({ type: "xstate.error.actor.run", actorId: "run", error: { status, code } });

const events: ModelEvent[] = [
  { type: "mutation.start", request: target },
  { type: "mutation.confirm" },
  { type: "mutation.cancel" },
  { type: "mutation.retry" },
  { type: "xstate.done.actor.run", actorId: "run", output: null },
  failedWith(503, "unavailable"),
  failedWith(409, "ngo_not_empty"),
];

interface System {
  deletes: HeldRequests;
  list: NgoList;
  dialog: ConfirmDialog;
  toasts: Toasts;
}

async function setUp(): Promise<System> {
  const server = await startTestServer({ seed: twoNgos });
  const deletes = server.hold(`DELETE /api/v1/ngo/${target.id}`);
  const app = renderApp({ features: FEATURES, path: "/ong", storedToken: await server.tokenFor(ORGANIZER), fetch: server.fetch });
  const list = ngoList(app.user);
  await eventually(() => list.rowNames()).toContain(target.name);
  return { deletes, list, dialog: confirmDialog(app.user, DELETE_DIALOG_WORDS.en), toasts: toasts(app.user) };
}

type Options = ModelTestOptions<typeof mutationMachine, ModelEvent, System>;

const eventExecutors: Options["eventExecutors"] = {
  "mutation.start": ({ list }) => list.chooseRowAction(target.name, "Delete"),
  "mutation.confirm": ({ dialog }) => dialog.confirm(),
  "mutation.cancel": ({ dialog }) => dialog.cancel(),
  "mutation.retry": ({ toasts }) => toasts.retry(messages[503]!),
  "xstate.done.actor.run": async ({ deletes }) => {
    await waitFor(() => expect(deletes.activeCount()).toBe(1));
    deletes.answer(new Response(null, { status: 204 }));
  },
  "xstate.error.actor.run": async ({ deletes }, { error }) => {
    await waitFor(() => expect(deletes.activeCount()).toBe(1));
    if (error.status === 409) expect(await deletes.release()).toMatchObject({ status: 409, code: error.code });
    else deletes.answer(problem(error.status, error.code ?? "unexpected"));
  },
};

type MutationSnapshot = SnapshotFrom<typeof mutationMachine>;

/** The text of the latest toast that says `message`. */
const latestToast = (toasts: Toasts, message: string) => async () => (await toasts.saying(message)).at(-1);

const stateAssertions: Record<string, (system: System, snapshot: MutationSnapshot) => unknown> = {
  idle: async ({ deletes, dialog }) => {
    await eventually(() => dialog.text()).toBeNull();
    expect(deletes.activeCount()).toBe(0);
  },
  confirming: async ({ deletes, dialog }) => {
    await eventually(() => dialog.text()).toContain(QUESTION);
    expect(await dialog.buttons()).toEqual({ confirm: "enabled", cancel: "enabled" });
    expect(deletes.activeCount()).toBe(0);
  },
  running: async ({ deletes, dialog }) => {
    await eventually(() => dialog.buttons()).toEqual({ confirm: "busy", cancel: "disabled" });
    // exactly one DELETE in flight, whatever came before: a retry never doubles the call
    await waitFor(() => expect(deletes.activeCount()).toBe(1));
  },
  succeeded: async ({ deletes, dialog, toasts }) => {
    await eventually(latestToast(toasts, "The NGO has been deleted")).toContain("Success");
    await eventually(() => dialog.text()).toBeNull();
    expect(deletes.activeCount()).toBe(0);
  },
  failed: async ({ deletes, dialog, toasts }, snapshot) => {
    const status = snapshot.context.error?.status ?? 0;
    await eventually(latestToast(toasts, messages[status]!)).toContain("Error");
    expect(await toasts.offersRetry(messages[status]!)).toBe(status >= 500);
    await eventually(() => dialog.text()).toBeNull();
    expect(deletes.activeCount()).toBe(0);
  },
};

function describeEvent(event: ModelEvent): string {
  if (event.type === "xstate.done.actor.run") return "the delete succeeds";
  if (event.type === "xstate.error.actor.run") return `the delete fails (${event.error.status})`;
  return event.type;
}

const input: MutationInput = { confirm: true };
const reachedStates = new Set<string>();
const reachedTransitions = new Set<string>();
const replayed: ModelPath<typeof mutationMachine, ModelEvent>[] = [];

afterEach(() => {
  notifications.clean();
});

// The first path also pays for the file's first render of the app (15 s and more on a loaded machine).
describe(`${mutationMachine.id} model on the NGO list's delete`, { timeout: 60_000 }, () => {
  // Without the paths another one begins with: replaying the longer path asserts every state of the shorter.
  const paths = testEveryMaximalPath({ machine: mutationMachine, input, events, setUp, eventExecutors, stateAssertions, describeEvent });
  replayed.push(...paths);
  for (const path of paths) {
    for (const step of path.steps) reachedStates.add(String(step.state.value));
    path.steps.slice(1).forEach((step, index) => {
      reachedTransitions.add(`${String(path.steps[index]?.state.value)} → ${describeEvent(step.event)}`);
    });
  }
});

describe(`${mutationMachine.id} model coverage`, () => {
  it("replays 5 paths", () => {
    expect(replayed).toHaveLength(5);
  });

  it("reaches every state through every transition the screen can take", () => {
    expect(reachedStates).toEqual(new Set(["idle", "confirming", "running", "succeeded", "failed"]));
    expect(reachedTransitions).toEqual(
      new Set([
        "idle → mutation.start",
        "confirming → mutation.confirm",
        "confirming → mutation.cancel",
        "running → the delete succeeds",
        "running → the delete fails (503)",
        "running → the delete fails (409)",
        "succeeded → mutation.start",
        "failed → mutation.start",
        "failed → mutation.retry",
      ]),
    );
  });
});
