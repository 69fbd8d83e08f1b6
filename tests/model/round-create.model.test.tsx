import { afterEach, describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { notifications } from "@mantine/notifications";
import type { DoneActorEvent, ErrorActorEvent, SnapshotFrom } from "xstate";
import { roundCreateMachine, type CreatedRound, type RoundCreateEvent, type RoundCreateInput } from "../../src/features/rounds/create/round-create.machine";
import type { RoundSource } from "../../src/features/rounds/create/round-draft";
import { roundRoutes } from "../../src/features/rounds/round.routes";
import { eventually } from "../pages/locators";
import { testEveryMaximalPath } from "../support/maximal-paths";
import type { ModelPath, ModelTestOptions } from "../support/model";
import { renderApp, type RenderedApp } from "../support/render-app";
import { ORGANIZER, twoNgos } from "../support/seeds/ngos.seed";
import { problem, startTestServer, type HeldRequests, type TestServer } from "../support/test-server";

/*
 * The wizard's statechart replayed on the real wizard (/tururi/nou?from=1) over the real server (twoNgos: round 1 of
 * the migrations, NGO 1 active). The load, the creation and the start are held until the path says how each ends:
 * a done event lets the request reach the server, whose answer must be the model's (the round is really created, and
 * really started); an error event answers it with a 503, or with the 409 the server gives a name already taken.
 *
 * The oracle is the screen and the server, not the machine: each state checks the step shown, the field errors, the
 * progress and the requests in flight against the user's own choices, noted by the executors.
 */

const NAME = "Locale 2027";
const created = (status: "preparing" | "active"): CreatedRound => ({ id: 2, name: NAME, status });
const failed = <Id extends "createRound" | "startRound">(id: Id, status: number, code: string) =>
  ({ type: `xstate.error.actor.${id}`, actorId: id, error: { status, code } }) as ErrorActorEvent<{ status: number; code: string }, Id>;

type ModelEvent =
  | Exclude<RoundCreateEvent, { type: "load.retry" }>
  | DoneActorEvent<RoundSource, "loadSource">
  | DoneActorEvent<CreatedRound, "createRound">
  | ErrorActorEvent<{ status: number; code: string }, "createRound">
  | DoneActorEvent<CreatedRound, "startRound">
  | ErrorActorEvent<{ status: number; code: string }, "startRound">;

// The model's source only needs the shape: what the screen shows is checked against the server's own round.
const source: RoundSource = {
  round: { id: 1, name: "Round 1", electionDay: "2026-11-22", status: "active", ngoIds: [1], counts: { forms: 0, publishedForms: 0, pollingStations: 0, assignments: 0 } },
  ngos: [{ id: 1, name: "Code for Romania", isActive: true }],
};

const allEvents: ModelEvent[] = [
  { type: "xstate.done.actor.loadSource", actorId: "loadSource", output: source },
  { type: "draft.change", field: "name", value: NAME },
  { type: "step.next" },
  { type: "step.back" },
  { type: "draft.change", field: "startNow", value: true },
  { type: "round.create" },
  { type: "xstate.done.actor.createRound", actorId: "createRound", output: created("preparing") },
  failed("createRound", 503, "unavailable"),
  failed("createRound", 409, "duplicate_round_name"),
  { type: "round.retry" },
  { type: "round.start" },
  { type: "xstate.done.actor.startRound", actorId: "startRound", output: created("active") },
  failed("startRound", 503, "unavailable"),
];

/** A field is changed where the user sees it: the name on the first step, Start now on the review. */
const events = (snapshot: SnapshotFrom<typeof roundCreateMachine>) =>
  allEvents.filter(
    (event) =>
      event.type !== "draft.change" || snapshot.matches({ editing: event.field === "name" ? "details" : "review" }),
  );

interface System {
  server: TestServer;
  app: RenderedApp;
  load: HeldRequests;
  creates: HeldRequests;
  starts: HeldRequests;
  /** What the user did, as the screen must reflect it. */
  notes: { named: boolean; startNow: boolean };
}

async function setUp(): Promise<System> {
  const server = await startTestServer({ seed: twoNgos });
  const load = server.hold("GET /api/v1/election-rounds/1");
  const creates = server.hold("POST /api/v1/election-rounds");
  const starts = server.hold("POST /api/v1/election-rounds/2/start");
  sessionStorage.clear();
  const app = renderApp({ features: [roundRoutes], path: "/tururi/nou?from=1", storedToken: await server.tokenFor(ORGANIZER), fetch: server.fetch });
  return { server, app, load, creates, starts, notes: { named: false, startNow: false } };
}

const button = (name: string) => screen.getByRole("button", { name });
const waitingOne = async (held: HeldRequests) => waitFor(() => expect(held.activeCount()).toBe(1));

type Options = ModelTestOptions<typeof roundCreateMachine, ModelEvent, System>;

const eventExecutors: Options["eventExecutors"] = {
  "xstate.done.actor.loadSource": async ({ load }) => {
    await waitingOne(load);
    await load.release();
  },
  "draft.change": async ({ app, notes }, event) => {
    if (event.field === "name") {
      const field = await screen.findByRole("textbox", { name: /^Name/ });
      await app.user.clear(field);
      await app.user.type(field, NAME);
      notes.named = true;
    } else {
      await app.user.click(screen.getByRole("checkbox", { name: "Start the round as soon as it is created" }));
      notes.startNow = true;
    }
  },
  "step.next": ({ app }) => app.user.click(button("Next")),
  "step.back": ({ app }) => app.user.click(button("Back")),
  "round.create": ({ app }) => app.user.click(button("Create the round")),
  "xstate.done.actor.createRound": async ({ creates }) => {
    await waitingOne(creates);
    expect(await creates.release()).toMatchObject({ id: 2, name: NAME, status: "preparing" });
  },
  "xstate.error.actor.createRound": async ({ creates }, { error }) => {
    await waitingOne(creates);
    creates.answer(problem(error.status, error.code));
  },
  "round.retry": ({ app }) => app.user.click(button("Try again")),
  "round.start": ({ app }) => app.user.click(button("Start the round")),
  "xstate.done.actor.startRound": async ({ starts }) => {
    await waitingOne(starts);
    expect(await starts.release()).toMatchObject({ id: 2, status: "active" });
  },
  "xstate.error.actor.startRound": async ({ starts }) => {
    await waitingOne(starts);
    starts.answer(problem(503, "unavailable"));
  },
};

type WizardSnapshot = SnapshotFrom<typeof roundCreateMachine>;

const fieldError = (label: RegExp) => () => {
  const field = screen.queryByRole("textbox", { name: label });
  return field?.getAttribute("aria-invalid") === "true" ? document.getElementById(field.getAttribute("aria-describedby")?.split(" ").find((id) => id.endsWith("-error")) ?? "")?.textContent ?? "" : null;
};

const progressText = () => {
  const progress = screen.queryByTestId("round-progress");
  return progress ? within(progress).getByRole("status").textContent : null;
};

const stateAssertions: Record<string, (system: System, snapshot: WizardSnapshot) => unknown> = {
  loading: async ({ load }) => {
    await waitingOne(load);
    expect(screen.queryByRole("textbox", { name: /^Name/ })).toBeNull();
  },
  "editing.details": async ({ notes, creates }, snapshot) => {
    await screen.findByRole("textbox", { name: /^Name/ });
    const refused = snapshot.context.showProblems;
    const taken = snapshot.context.takenName !== null;
    await eventually(fieldError(/^Name/)).toBe(!refused ? null : taken ? "Another election round already has this name." : notes.named ? null : "This field is required.");
    expect(creates.activeCount()).toBe(0);
  },
  "editing.contents": async () => {
    await screen.findByRole("radiogroup", { name: "Observers taking part" });
    expect(within(screen.getByRole("radiogroup", { name: "Forms" })).getByRole("radio", { name: /^As drafts/ })).toBeChecked();
  },
  "editing.review": async ({ notes, creates }) => {
    const list = await screen.findByRole("list", { name: "What the round will hold" });
    expect(within(list).getAllByRole("listitem").at(-1)).toHaveTextContent("Nothing reported is copied");
    expect(screen.getByRole("checkbox", { name: "Start the round as soon as it is created" })).toHaveProperty("checked", notes.startNow);
    expect(creates.activeCount()).toBe(0);
  },
  creating: async ({ creates, notes }) => {
    await waitingOne(creates);
    await eventually(() => progressText()).toBe(`Step 1 of ${notes.startNow ? 2 : 1}: creating ${NAME} and copying what was chosen…`);
  },
  failed: async ({ creates }) => {
    await screen.findByText("The round was not created");
    expect(button("Try again")).toBeVisible();
    expect(creates.activeCount()).toBe(0);
  },
  starting: async ({ starts, notes }) => {
    await waitingOne(starts);
    const total = notes.startNow ? 2 : 1;
    await eventually(() => progressText()).toBe(`Step ${total} of ${total}: starting ${NAME}…`);
  },
  created: async ({ server, starts }) => {
    const shown = await screen.findByTestId("round-created");
    const stored = await server.db.selectFrom("electionRound").select(["name", "status"]).where("id", "=", 2).executeTakeFirstOrThrow();
    expect(stored.name).toBe(NAME);
    // What the screen says is what the server holds: a failed start leaves the round in preparation, with Start.
    await eventually(() => within(shown).getByRole("status").textContent).toContain(stored.status === "active" ? "is active" : "is in preparation");
    expect(within(shown).queryByRole("button", { name: "Start the round" }) !== null).toBe(stored.status === "preparing");
    expect(starts.activeCount()).toBe(0);
  },
};

function describeEvent(event: ModelEvent): string {
  if (event.type === "draft.change") return `draft.change ${event.field}`;
  if (event.type.startsWith("xstate.done.actor.")) return `${event.type.slice("xstate.done.actor.".length)} succeeds`;
  if (event.type.startsWith("xstate.error.actor.")) {
    const { error } = event as ErrorActorEvent<{ status: number }>;
    return `${event.type.slice("xstate.error.actor.".length)} fails (${error.status})`;
  }
  return event.type;
}

/** What tells two wizard states apart for the user: the name given, Start now ticked, a refusal shown, the name taken. */
const distinguish = (snapshot: WizardSnapshot) => {
  const { draft, showProblems, takenName, created: round, error } = snapshot.context;
  return [draft?.name !== "", draft?.startNow, showProblems, takenName !== null, round?.status, error?.status];
};

const input: RoundCreateInput = { fromRoundId: 1, kept: null };
const replayed: ModelPath<typeof roundCreateMachine, ModelEvent>[] = [];

afterEach(() => {
  notifications.clean();
});

describe(`${roundCreateMachine.id} model on the wizard`, { timeout: 60_000 }, () => {
  replayed.push(...testEveryMaximalPath({ machine: roundCreateMachine, input, events, setUp, eventExecutors, stateAssertions, describeEvent, coverage: "states", distinguish }));
});

describe(`${roundCreateMachine.id} model coverage`, () => {
  it("replays 12 paths", () => {
    expect(replayed).toHaveLength(12);
  });

  it("goes through every state of the chart but the load's failure (the resource model covers that shape)", () => {
    const reached = new Set(replayed.flatMap((path) => path.steps.map((step) => JSON.stringify(step.state.value))));
    expect(reached).toEqual(
      new Set(["loading", { editing: "details" }, { editing: "contents" }, { editing: "review" }, "creating", "failed", "starting", "created"].map((value) => JSON.stringify(value))),
    );
  });
});
