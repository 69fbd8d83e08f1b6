import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { mutationMachine, toMutationError, type MutationError, type MutationInput, type MutationRunInput } from "./mutation.machine";
import { selectCanRetry, selectError, selectIsBusy, selectIsConfirming, selectIsDialogOpen, selectProgress } from "./mutation.selectors";

interface PendingRun {
  input: MutationRunInput;
  signal: AbortSignal;
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
}

/** A mutation actor whose calls the test answers by hand, recording what the outcome actions received. */
function startMutation(input: MutationInput) {
  const runs: PendingRun[] = [];
  const succeeded: { request: unknown; output: unknown }[] = [];
  const failed: { request: unknown; error: MutationError }[] = [];
  const logic = mutationMachine.provide({
    actors: {
      run: fromPromise<unknown, MutationRunInput>(
        ({ input, signal }) => new Promise((resolve, reject) => runs.push({ input, signal, resolve, reject })),
      ),
    },
    actions: {
      onSucceeded: (_, params) => succeeded.push(params),
      onFailed: (_, params) => failed.push(params),
    },
  });
  const mutation = createActor(logic, { input }).start();
  const latest = () => {
    const run = runs.at(-1);
    if (!run) throw new Error("no run was started");
    return run;
  };
  return { mutation, runs, succeeded, failed, latest };
}

const problem = (status: number, code: string | null = null) => ({ status, code, title: "problem" });

describe(mutationMachine.id, () => {
  it("starts idle, neither busy nor asking", () => {
    const { mutation, runs } = startMutation({ confirm: false });
    expect(mutation.getSnapshot().value).toBe("idle");
    expect(selectIsBusy(mutation.getSnapshot())).toBe(false);
    expect(selectIsDialogOpen(mutation.getSnapshot())).toBe(false);
    expect(runs).toEqual([]);
  });

  it("runs at once without confirmation, busy meanwhile, and reports the output to onSucceeded", async () => {
    const { mutation, runs, succeeded, latest } = startMutation({ confirm: false });
    mutation.send({ type: "mutation.start", request: { id: 7 } });
    expect(selectIsBusy(mutation.getSnapshot())).toBe(true);
    expect(runs.map((run) => run.input.request)).toEqual([{ id: 7 }]);
    latest().resolve("done");
    await waitFor(mutation, (snapshot) => snapshot.matches("succeeded"));
    expect(succeeded).toEqual([{ request: { id: 7 }, output: "done" }]);
    expect(selectIsBusy(mutation.getSnapshot())).toBe(false);
  });

  it("sends one request when started twice while running (no double submit)", () => {
    const { mutation, runs } = startMutation({ confirm: false });
    mutation.send({ type: "mutation.start", request: 1 });
    mutation.send({ type: "mutation.start", request: 2 });
    expect(runs.map((run) => run.input.request)).toEqual([1]);
    expect(mutation.getSnapshot().context.request).toBe(1);
  });

  it("asks first when confirmation is needed, and sends nothing before mutation.confirm", () => {
    const { mutation, runs } = startMutation({ confirm: true });
    mutation.send({ type: "mutation.start", request: "ngo 2" });
    expect(mutation.getSnapshot().value).toBe("confirming");
    expect(selectIsConfirming(mutation.getSnapshot())).toBe(true);
    expect(selectIsDialogOpen(mutation.getSnapshot())).toBe(true);
    expect(runs).toEqual([]);
    mutation.send({ type: "mutation.confirm" });
    expect(runs.map((run) => run.input.request)).toEqual(["ngo 2"]);
    expect(selectIsDialogOpen(mutation.getSnapshot())).toBe(true);
  });

  it("keeps the question when started again while asking, and runs once for a double confirm", () => {
    const { mutation, runs } = startMutation({ confirm: true });
    mutation.send({ type: "mutation.start", request: "first" });
    mutation.send({ type: "mutation.start", request: "second" });
    mutation.send({ type: "mutation.confirm" });
    mutation.send({ type: "mutation.confirm" });
    expect(runs.map((run) => run.input.request)).toEqual(["first"]);
  });

  it("goes back to idle without a request when the question is cancelled", () => {
    const { mutation, runs } = startMutation({ confirm: true });
    mutation.send({ type: "mutation.start", request: "ngo 2" });
    mutation.send({ type: "mutation.cancel" });
    expect(mutation.getSnapshot().value).toBe("idle");
    expect(runs).toEqual([]);
  });

  it("refuses to cancel a destructive call while it runs, so its outcome is never hidden", () => {
    const { mutation, latest } = startMutation({ confirm: true });
    mutation.send({ type: "mutation.start", request: "ngo 2" });
    mutation.send({ type: "mutation.confirm" });
    mutation.send({ type: "mutation.cancel" });
    expect(mutation.getSnapshot().value).toBe("running");
    expect(latest().signal.aborted).toBe(false);
  });

  it("aborts an abortable call on cancel, and its late answer changes nothing", async () => {
    const { mutation, succeeded, latest } = startMutation({ confirm: false, abortable: true });
    mutation.send({ type: "mutation.start", request: "export" });
    const run = latest();
    mutation.send({ type: "mutation.cancel" });
    expect(mutation.getSnapshot().value).toBe("idle");
    expect(run.signal.aborted).toBe(true);
    run.resolve("late");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(mutation.getSnapshot().value).toBe("idle");
    expect(succeeded).toEqual([]);
  });

  it("aborts the running call when the actor stops (the page or dialog went away)", () => {
    const { mutation, latest } = startMutation({ confirm: false });
    mutation.send({ type: "mutation.start", request: "reset" });
    mutation.stop();
    expect(latest().signal.aborted).toBe(true);
  });

  it("reports progress while running and forgets it once finished", async () => {
    const { mutation, latest } = startMutation({ confirm: false });
    mutation.send({ type: "mutation.start", request: [1, 2, 3] });
    expect(selectProgress(mutation.getSnapshot())).toBeNull();
    latest().input.reportProgress({ done: 1, total: 3 });
    expect(selectProgress(mutation.getSnapshot())).toEqual({ done: 1, total: 3 });
    latest().input.reportProgress({ done: 2, total: 3 });
    expect(selectProgress(mutation.getSnapshot())).toEqual({ done: 2, total: 3 });
    latest().resolve([]);
    await waitFor(mutation, (snapshot) => snapshot.matches("succeeded"));
    expect(selectProgress(mutation.getSnapshot())).toBeNull();
  });

  it("fails with the error as a code, tells onFailed, and offers a retry for a server failure", async () => {
    const { mutation, runs, failed, latest } = startMutation({ confirm: true });
    mutation.send({ type: "mutation.start", request: "ngo 2" });
    mutation.send({ type: "mutation.confirm" });
    latest().reject(problem(503, "unavailable"));
    await waitFor(mutation, (snapshot) => snapshot.matches("failed"));
    expect(selectError(mutation.getSnapshot())).toEqual({ status: 503, code: "unavailable" });
    expect(failed).toEqual([{ request: "ngo 2", error: { status: 503, code: "unavailable" } }]);
    expect(selectCanRetry(mutation.getSnapshot())).toBe(true);
    mutation.send({ type: "mutation.retry" });
    expect(mutation.getSnapshot().value).toBe("running");
    expect(runs.map((run) => run.input.request)).toEqual(["ngo 2", "ngo 2"]);
  });

  it("retries a network failure without asking again", async () => {
    const { mutation, latest } = startMutation({ confirm: true });
    mutation.send({ type: "mutation.start", request: "ngo 2" });
    mutation.send({ type: "mutation.confirm" });
    latest().reject(new TypeError("Failed to fetch"));
    await waitFor(mutation, (snapshot) => snapshot.matches("failed"));
    expect(selectError(mutation.getSnapshot())).toEqual({ status: 0, code: null });
    mutation.send({ type: "mutation.retry" });
    expect(mutation.getSnapshot().value).toBe("running");
  });

  it("does not retry a refusal (4xx): it would only be refused again", async () => {
    const { mutation, runs, latest } = startMutation({ confirm: false });
    mutation.send({ type: "mutation.start", request: "ngo 2" });
    latest().reject(problem(409, "ngo_not_empty"));
    await waitFor(mutation, (snapshot) => snapshot.matches("failed"));
    expect(selectCanRetry(mutation.getSnapshot())).toBe(false);
    mutation.send({ type: "mutation.retry" });
    expect(mutation.getSnapshot().value).toBe("failed");
    expect(runs).toHaveLength(1);
  });

  it("starts a new request after a failure or a success, asking again when confirmation is needed", async () => {
    const { mutation, runs, latest } = startMutation({ confirm: true });
    mutation.send({ type: "mutation.start", request: "a" });
    mutation.send({ type: "mutation.confirm" });
    latest().reject(problem(409));
    await waitFor(mutation, (snapshot) => snapshot.matches("failed"));
    mutation.send({ type: "mutation.start", request: "b" });
    expect(mutation.getSnapshot().value).toBe("confirming");
    expect(selectError(mutation.getSnapshot())).toBeNull();
    mutation.send({ type: "mutation.confirm" });
    latest().resolve(null);
    await waitFor(mutation, (snapshot) => snapshot.matches("succeeded"));
    mutation.send({ type: "mutation.start", request: "c" });
    expect(mutation.getSnapshot().value).toBe("confirming");
    expect(runs.map((run) => run.input.request)).toEqual(["a", "b"]);
  });

  it("resets a finished mutation to idle and forgets its request and error", async () => {
    const { mutation, latest } = startMutation({ confirm: false });
    mutation.send({ type: "mutation.start", request: "a" });
    latest().reject(problem(500));
    await waitFor(mutation, (snapshot) => snapshot.matches("failed"));
    mutation.send({ type: "mutation.reset" });
    expect(mutation.getSnapshot().value).toBe("idle");
    expect(mutation.getSnapshot().context).toEqual({ confirm: false, abortable: false, request: null, progress: null, error: null });
  });

  it("ignores reset while running: the call's outcome must still be told", () => {
    const { mutation } = startMutation({ confirm: false });
    mutation.send({ type: "mutation.start", request: "a" });
    mutation.send({ type: "mutation.reset" });
    expect(mutation.getSnapshot().value).toBe("running");
  });
});

describe("toMutationError", () => {
  it("reads the status and code of an API error, and anything else as a network failure", () => {
    expect(toMutationError(problem(409, "last_organizer"))).toEqual({ status: 409, code: "last_organizer" });
    expect(toMutationError(new TypeError("Failed to fetch"))).toEqual({ status: 0, code: null });
    expect(toMutationError("boom")).toEqual({ status: 0, code: null });
  });
});
