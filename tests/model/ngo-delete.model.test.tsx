import { afterEach, describe, expect, it } from "vitest";
import { waitFor } from "@testing-library/react";
import { notifications } from "@mantine/notifications";
import type { DoneActorEvent, ErrorActorEvent, SnapshotFrom } from "xstate";
import { createFakeNgoApi, makeNgos, problem } from "../../src/features/ngos/ngos.fixtures";
import { mutationMachine, type MutationError, type MutationEvent, type MutationInput } from "../../src/shared/machines/mutation.machine";
import { testEveryShortestPath, type ModelTestOptions } from "../support/model";
import { createRequestQueue } from "../support/request-queue";
import { renderApp, withAccountChecks } from "../support/render";
import { organizerToken } from "../support/token.fixtures";
import { ngoListPage, type NgoListPage } from "./pages/ngo-list.page";

/*
 * The shared mutation statechart, replayed on the NGO list's delete: the confirm dialog and the toasts are the
 * system under test. Every DELETE waits in a queue until the path says how it ends: `xstate.done.actor.run`
 * answers 204, the error events answer a 503 (a retry is offered) or a 409 (it is not). The fake server never
 * applies the held delete, so the NGO stays on the list and a path may ask again. `mutation.reset` and
 * `mutation.progress` have no gesture on this screen (the unit tests cover them).
 */

type ModelEvent =
  | Exclude<MutationEvent, { type: "mutation.reset" | "mutation.progress" }>
  | DoneActorEvent<unknown, "run">
  | ErrorActorEvent<MutationError, "run">;

const target = makeNgos().find((ngo) => ngo.id === 2)!;
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
  deletes: ReturnType<typeof createRequestQueue>;
  page: NgoListPage;
}

async function setUp(): Promise<System> {
  const server = createFakeNgoApi();
  const deletes = createRequestQueue();
  const fetch = (request: Request) =>
    request.method === "DELETE" && new URL(request.url).pathname === `/api/v1/ngo/${target.id}` ? deletes.receive(request) : server.fetch(request);
  const app = renderApp({ path: "/ong", storedToken: organizerToken, fetch: withAccountChecks(fetch) });
  const page = ngoListPage(app.user);
  await page.seeRow(target.name);
  return { deletes, page };
}

type Options = ModelTestOptions<typeof mutationMachine, ModelEvent, System>;

const eventExecutors: Options["eventExecutors"] = {
  "mutation.start": ({ page }) => page.clickRowAction(target.name, "Delete"),
  "mutation.confirm": ({ page }) => page.clickConfirm(),
  "mutation.cancel": ({ page }) => page.clickCancel(),
  "mutation.retry": ({ page }) => page.clickTryAgain(messages[503]!),
  "xstate.done.actor.run": async ({ deletes }) => {
    await waitFor(() => expect(deletes.activeCount()).toBe(1));
    deletes.answer(new Response(null, { status: 204 }));
  },
  "xstate.error.actor.run": async ({ deletes }, { error }) => {
    await waitFor(() => expect(deletes.activeCount()).toBe(1));
    deletes.answer(problem(error.status, error.code ?? "unexpected"));
  },
};

type MutationSnapshot = SnapshotFrom<typeof mutationMachine>;

const stateAssertions: Record<string, (system: System, snapshot: MutationSnapshot) => unknown> = {
  idle: async ({ deletes, page }) => {
    await page.seeNoDialog();
    expect(deletes.activeCount()).toBe(0);
  },
  confirming: async ({ deletes, page }) => {
    await page.seeQuestion(QUESTION);
    expect(deletes.activeCount()).toBe(0);
  },
  running: async ({ deletes, page }) => {
    await page.seeDialogWaiting();
    // exactly one DELETE in flight, whatever came before: a retry never doubles the call
    await waitFor(() => expect(deletes.activeCount()).toBe(1));
  },
  succeeded: async ({ deletes, page }) => {
    await page.seeToast("Success", "The NGO has been deleted");
    await page.seeNoDialog();
    expect(deletes.activeCount()).toBe(0);
  },
  failed: async ({ deletes, page }, snapshot) => {
    const status = snapshot.context.error?.status ?? 0;
    await page.seeToast("Error", messages[status]!);
    page.seeRetryOffered(messages[status]!, status >= 500);
    await page.seeNoDialog();
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

afterEach(() => {
  notifications.clean();
});

describe(`${mutationMachine.id} model on the NGO list's delete`, () => {
  const paths = testEveryShortestPath({ machine: mutationMachine, input, events, setUp, eventExecutors, stateAssertions, describeEvent });
  for (const path of paths) {
    reachedStates.add(String(path.state.value));
    path.steps.slice(1).forEach((step, index) => {
      reachedTransitions.add(`${String(path.steps[index]?.state.value)} → ${describeEvent(step.event)}`);
    });
  }
});

describe(`${mutationMachine.id} model coverage`, () => {
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
