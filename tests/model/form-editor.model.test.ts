import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "@testing-library/react";
import { notifications } from "@mantine/notifications";
import { initialTransition, transition, type AnyMachineSnapshot, type DoneActorEvent, type ErrorActorEvent, type SnapshotFrom } from "xstate";
import type { components } from "../../openapi/schema.d.ts";
import type { AnswerCounts } from "../../src/features/forms/editor/form-answer-counts";
import { workingCopyKey } from "../../src/features/forms/editor/form-editor.actors";
import type { FormCommand } from "../../src/features/forms/editor/form-editor.commands";
import { fromForm } from "../../src/features/forms/editor/form-editor.convert";
import { formEditorMachine, type FormEditorEvent, type FormEditorInput, type SavedForm, type WorkingCopy } from "../../src/features/forms/editor/form-editor.machine";
import { selectIsDirty } from "../../src/features/forms/editor/form-editor.selectors";
import { validateDocument } from "../../src/features/forms/editor/form-validation";
import type { Toasts } from "../pages/common";
import { toasts } from "../pages/dom/common";
import { formEditorScreen } from "../pages/dom/form-editor";
import type { FormEditorScreen } from "../pages/form-editor";
import { eventually, type ControlState } from "../pages/locators";
import { stackElementsInDocumentOrder } from "../pages/dom/list-layout";
import { replayPath, shortestPaths, type ModelPath, type ModelTestOptions } from "../support/model";
import { renderApp } from "../support/render-app";
import { formRoutes } from "../../src/features/forms/form.routes";
import { FORM_ID, ORGANIZER, oneShortForm } from "../support/seeds/form-editor.seed";
import { askBeforeTests, problem, startTestServer, type HeldRequests, type TestServer } from "../support/test-server";

/** The screens this test visits. */
const FEATURES = [formRoutes];

/*
 * The form editor's statechart replayed on the real editor screen (/formulare/5) and the real server
 * (oneShortForm: form B, published at version 3, with sections Arrival B1.1-B1.3 and Voting B2.1), with work an
 * earlier visit left in the browser. The load, the save and the answer counts are held until the path says how each
 * ends. The conflict is the server's own (another organizer's save bumps the version, and the server refuses the
 * stale save), and so is the refused save (another form takes the code meanwhile); the 503s are the test's answers.
 *
 * The oracle is not the machine: `Expected` is kept by the executors with plain code of their own, from what the
 * user did and what the server answered: the form as a user reads it (code, title, each section's questions in
 * order), its undo stack, the work kept for a reload, and what the server holds. The machine's snapshot only chooses
 * the path and names the phase. Each phase asserts what the user sees (the form, its badges, the toolbar, the
 * notices and dialogs, busy controls) and what the screen sent (the save's draft flag, base version and form).
 *
 * The drop is the real one: the first question of Arrival is dragged by keyboard two places down (dnd-kit's keyboard
 * sensor, on a stand-in layout: pages/dom/list-layout.ts), so a drop that swaps, or moves one place too few, shows.
 *
 * A path is cheap to find and slow to replay (a restore and a render: seconds on a loaded machine), so of the
 * shortest paths the suite replays the fewest that still reach every state and every transition of the chart.
 */

type Form = components["schemas"]["Form"];
type FormInput = components["schemas"]["FormInput"];
type ProblemError = { status: number; code: string };

type ModelEvent =
  | FormEditorEvent
  | DoneActorEvent<SavedForm, "load">
  | ErrorActorEvent<ProblemError, "load">
  | DoneActorEvent<SavedForm, "save">
  | ErrorActorEvent<ProblemError, "save">
  | DoneActorEvent<SavedForm, "adopt">
  | ErrorActorEvent<ProblemError, "adopt">
  | DoneActorEvent<AnswerCounts, "counts">
  | ErrorActorEvent<ProblemError, "counts">;

type EditorSnapshot = SnapshotFrom<typeof formEditorMachine>;
type EditorPath = ModelPath<typeof formEditorMachine, ModelEvent>;

/** A form as a user reads it on the editor: its code and title, and each section's title with its questions' codes. */
interface Outline {
  code: string;
  title: string;
  sections: { title: string; questions: string[] }[];
}

/** The server's form, or a save's body, as an outline. */
const outlineOf = (form: Pick<Form | FormInput, "code" | "description" | "formSections">): Outline => ({
  code: form.code,
  title: form.description,
  sections: form.formSections.map((section) => ({ title: section.description, questions: section.questions.map((question) => question.code) })),
});

const [serverForm] = (await askBeforeTests(oneShortForm, ORGANIZER, [`/api/v1/form/${FORM_ID}`])) as [Form];
/** What the model's load answers: the server's own form. */
const loaded: SavedForm = fromForm(serverForm);
const ARRIVAL = loaded.document.sections[0]!;

const SEEDED: Outline = {
  code: "B",
  title: "Form B",
  sections: [
    { title: "Arrival", questions: ["B1.1", "B1.2", "B1.3"] },
    { title: "Voting", questions: ["B2.1"] },
  ],
};
/** The title another organizer saves while a path's save waits. */
const THEIR_TITLE = "Form B (theirs)";

/** Work an earlier visit left in this browser: another title, and Arrival's questions in another order. */
const KEPT: WorkingCopy = {
  baseVersion: loaded.version,
  document: {
    ...loaded.document,
    description: "Form B (kept)",
    sections: [{ ...ARRIVAL, questions: [ARRIVAL.questions[2]!, ARRIVAL.questions[0]!, ARRIVAL.questions[1]!] }, ...loaded.document.sections.slice(1)],
  },
};
const KEPT_OUTLINE: Outline = {
  code: "B",
  title: "Form B (kept)",
  sections: [
    { title: "Arrival", questions: ["B1.3", "B1.1", "B1.2"] },
    { title: "Voting", questions: ["B2.1"] },
  ],
};

/** The first question of the first section, dropped two places down. */
const DROP: FormCommand = { type: "question.move", from: { section: ARRIVAL.key, index: 0 }, to: { section: ARRIVAL.key, index: 2 } };
const CLEAR_CODE: FormCommand = { type: "form.set", field: "code", value: "" };

const input: FormEditorInput = { formId: FORM_ID, blank: loaded.document, stored: KEPT };

/** What the screen and the server must show, kept by the executors with plain code of their own. */
interface Expected {
  /** What the server holds. */
  server: { version: number; draft: boolean; outline: Outline };
  /** What the editor last heard from the server: the version its edits are based on, published or not, the form. */
  version: number;
  published: boolean;
  saved: Outline;
  past: Outline[];
  present: Outline;
  future: Outline[];
  /** The earlier visit's work, while it is offered back. */
  offered: Outline | null;
  /** What the browser keeps for a reload: the edits and the version they are based on. */
  kept: { baseVersion: number | null; outline: Outline } | null;
  /** What the last attempt to save asked for; its problems are listed from a refused attempt until a save or a load. */
  purpose: "draft" | "publish";
  listsProblems: boolean;
  /** The last failed save's message, until a save or a load. */
  failure: string | null;
  /** The save under way, by its draft flag. */
  sending: { draft: boolean } | null;
  /** The editor is gone: the page went to the list after a publish, or left with its edits discarded. */
  left: "published" | "discarded" | null;
}

const sameOutline = (a: Outline, b: Outline) => JSON.stringify(a) === JSON.stringify(b);
const isDirty = (expected: Expected) => !sameOutline(expected.present, expected.saved);

/** The first question of the first section goes two places down: the next two move up one. */
function dropped(outline: Outline): Outline {
  const [first, ...others] = outline.sections;
  const [a, b, c, ...rest] = first!.questions;
  return { ...outline, sections: [{ ...first!, questions: [b!, c!, a!, ...rest] }, ...others] };
}

function keep(expected: Expected) {
  expected.kept = isDirty(expected) ? { baseVersion: expected.version, outline: expected.present } : null;
}

/** An edit that changes the form is one undoable step; what the browser keeps follows it. */
function edit(expected: Expected, next: Outline) {
  if (sameOutline(next, expected.present)) return;
  expected.past.push(expected.present);
  expected.present = next;
  expected.future = [];
  keep(expected);
}

/** A load: the server answers what it holds, and the editor starts again from it. */
function loadedFrom(expected: Expected, form: Form) {
  expect({ version: form.currentVersion, draft: form.draft, outline: outlineOf(form) }).toEqual(expected.server);
  Object.assign(expected, {
    version: form.currentVersion,
    published: !form.draft,
    saved: outlineOf(form),
    past: [],
    present: outlineOf(form),
    future: [],
    listsProblems: false,
    failure: null,
  });
}

interface System {
  server: TestServer;
  loads: HeldRequests;
  saves: HeldRequests;
  counts: HeldRequests;
  page: FormEditorScreen;
  toasts: Toasts;
  expected: Expected;
}

/** The first paint of a file renders the whole app cold: longer than any later wait. */
const FIRST_PAINT = { timeout: 20_000, interval: 50 };

async function setUp(): Promise<System> {
  const server = await startTestServer({ seed: oneShortForm });
  const loads = server.hold(`GET /api/v1/form/${FORM_ID}`);
  const saves = server.hold("POST /api/v1/form");
  const counts = server.hold(`GET /api/v1/form/${FORM_ID}/answer-counts`);
  localStorage.setItem(workingCopyKey(FORM_ID), JSON.stringify(KEPT));
  const app = renderApp({ features: FEATURES, path: `/formulare/${FORM_ID}`, storedToken: await server.tokenFor(ORGANIZER), fetch: server.fetch });
  const page = formEditorScreen(app.user);
  await expect.poll(() => page.phase(), FIRST_PAINT).toBe("loading");
  const expected: Expected = {
    server: { version: loaded.version, draft: false, outline: SEEDED },
    version: loaded.version,
    published: true,
    saved: SEEDED,
    past: [],
    present: SEEDED,
    future: [],
    offered: KEPT_OUTLINE,
    kept: { baseVersion: KEPT.baseVersion, outline: KEPT_OUTLINE },
    purpose: "draft",
    listsProblems: false,
    failure: null,
    sending: null,
    left: null,
  };
  return { server, loads, saves, counts, page, toasts: toasts(app.user), expected };
}

const unavailable = { status: 503, code: "unavailable" };
const events: ModelEvent[] = [
  { type: "xstate.done.actor.load", actorId: "load", output: loaded },
  { type: "xstate.error.actor.load", actorId: "load", error: unavailable },
  { type: "load.retry" },
  { type: "edit.command", command: DROP },
  { type: "edit.command", command: CLEAR_CODE },
  { type: "edit.undo" },
  { type: "edit.redo" },
  { type: "copy.restore" },
  { type: "copy.discard" },
  { type: "form.saveDraft" },
  { type: "form.publish" },
  { type: "review.confirm" },
  { type: "review.cancel" },
  { type: "unpublish.confirm" },
  { type: "unpublish.cancel" },
  { type: "xstate.error.actor.save", actorId: "save", error: { status: 409, code: "stale_version" } },
  { type: "xstate.error.actor.save", actorId: "save", error: { status: 409, code: "duplicate_form_code" } },
  { type: "xstate.done.actor.counts", actorId: "counts", output: { question: () => 0, option: () => 0 } },
  { type: "xstate.error.actor.counts", actorId: "counts", error: unavailable },
  { type: "conflict.reload" },
  { type: "conflict.keepMine" },
  { type: "xstate.error.actor.adopt", actorId: "adopt", error: unavailable },
  // Back to the list: the page asks only when there is something to lose (the machine takes it only then); without
  // edits it simply goes, which is no transition of the chart.
  { type: "leave.request" },
  { type: "leave.stay" },
  { type: "leave.discard" },
];

/** The answers that depend on where the model is: a save keeps what was sent; the version read after theirs is theirs. */
const modelEvents = (snapshot: EditorSnapshot): ModelEvent[] => [
  ...events,
  {
    type: "xstate.done.actor.save",
    actorId: "save",
    output: { id: FORM_ID, version: (snapshot.context.version ?? 0) + 1, published: snapshot.context.publishing, document: snapshot.context.history.present },
  },
  {
    type: "xstate.done.actor.adopt",
    actorId: "adopt",
    output: { ...loaded, version: (snapshot.context.version ?? 0) + 1, document: { ...snapshot.context.saved, description: THEIR_TITLE } },
  },
];

type Options = ModelTestOptions<typeof formEditorMachine, ModelEvent, System>;

async function release(held: HeldRequests) {
  await waitFor(() => expect(held.activeCount()).toBe(1));
  return held.release();
}

async function answerWith(held: HeldRequests, { status, code }: ProblemError) {
  await waitFor(() => expect(held.activeCount()).toBe(1));
  held.answer(problem(status, code));
}

/** Another organizer saves the form first: the server refuses the save waiting on the old version. */
async function theySaveFirst({ server, saves, expected }: System, error: ProblemError) {
  const version = expected.server.version + 1;
  await server.db.updateTable("form").set({ currentVersion: version, description: THEIR_TITLE }).where("id", "=", FORM_ID).execute();
  expected.server = { ...expected.server, version, outline: { ...expected.server.outline, title: THEIR_TITLE } };
  expect(await saves.release()).toMatchObject(error);
}

/** Another form takes the code "B" while the save waits, and gives it back once the server has refused the save. */
async function codeTakenMeanwhile({ server, saves, expected }: System, error: ProblemError) {
  await server.db.updateTable("form").set({ code: "B-old" }).where("id", "=", FORM_ID).execute();
  const other = await server.db.insertInto("form").values({ code: "B", description: "Form B bis" }).returning("id").executeTakeFirstOrThrow();
  expect(await saves.release()).toMatchObject(error);
  await server.db.deleteFrom("form").where("id", "=", other.id).execute();
  await server.db.updateTable("form").set({ code: "B" }).where("id", "=", FORM_ID).execute();
  expected.failure = "Another form already has this code. Choose another code.";
}

const eventExecutors: Options["eventExecutors"] = {
  "xstate.done.actor.load": async ({ loads, expected }) => loadedFrom(expected, (await release(loads)) as Form),
  "xstate.error.actor.load": ({ loads }, { error }) => answerWith(loads, error),
  "load.retry": ({ page }) => page.retryLoad(),
  "edit.command": async ({ page, expected }, { command }) => {
    if (command === DROP) {
      await page.dragQuestionDown(expected.present.sections[0]!.questions[0]!, 2);
      edit(expected, dropped(expected.present));
    } else {
      await page.setFormCode("");
      edit(expected, { ...expected.present, code: "" });
    }
  },
  "edit.undo": async ({ page, expected }) => {
    await page.undo();
    expected.future.unshift(expected.present);
    expected.present = expected.past.pop()!;
    keep(expected);
  },
  "edit.redo": async ({ page, expected }) => {
    await page.redo();
    expected.past.push(expected.present);
    expected.present = expected.future.shift()!;
    keep(expected);
  },
  "copy.restore": async ({ page, expected }) => {
    await page.restoreKeptWork();
    const offered = expected.offered!;
    expected.offered = null;
    edit(expected, offered);
  },
  "copy.discard": async ({ page, expected }) => {
    await page.discardKeptWork();
    expected.offered = null;
    keep(expected);
  },
  "leave.request": ({ page }) => page.leave(),
  "leave.stay": ({ page }) => page.stayOnPage(),
  "leave.discard": async ({ page, expected }) => {
    await page.discardAndLeave();
    Object.assign(expected, { kept: null, left: "discarded" });
  },
  "form.saveDraft": async ({ page, expected }) => {
    await page.saveDraft();
    if (expected.present.code === "") Object.assign(expected, { purpose: "draft", listsProblems: true });
    else if (!expected.published) Object.assign(expected, { purpose: "draft", sending: { draft: true } });
  },
  "unpublish.confirm": async ({ page, expected }) => {
    await page.confirmUnpublish();
    Object.assign(expected, { purpose: "draft", sending: { draft: true } });
  },
  "unpublish.cancel": ({ page }) => page.cancelUnpublish(),
  "form.publish": async ({ page, expected }) => {
    await page.publish();
    if (expected.present.code === "") Object.assign(expected, { purpose: "publish", listsProblems: true });
  },
  "xstate.done.actor.counts": async ({ counts }) => void (await release(counts)),
  "xstate.error.actor.counts": ({ counts }, { error }) => answerWith(counts, error),
  "review.confirm": async ({ page, expected }) => {
    await page.confirmPublish();
    Object.assign(expected, { purpose: "publish", sending: { draft: false } });
  },
  "review.cancel": ({ page }) => page.cancelPublish(),
  "xstate.done.actor.save": async ({ saves, expected }) => {
    const form = (await release(saves)) as Form;
    const draft = expected.sending!.draft;
    // The server keeps what was on screen, in the order shown, one version on.
    const server = { version: expected.server.version + 1, draft, outline: expected.present };
    expect({ version: form.currentVersion, draft: form.draft, outline: outlineOf(form) }).toEqual(server);
    Object.assign(expected, {
      server,
      version: server.version,
      published: !draft,
      saved: expected.present,
      kept: null,
      listsProblems: false,
      failure: null,
      sending: null,
      left: draft ? null : "published",
    });
  },
  "xstate.error.actor.save": async (system, { error }) => {
    await waitFor(() => expect(system.saves.activeCount()).toBe(1));
    await (error.code === "stale_version" ? theySaveFirst(system, error) : codeTakenMeanwhile(system, error));
    system.expected.sending = null;
  },
  "conflict.reload": async ({ page, expected }) => {
    await page.loadTheirs();
    expected.kept = null;
  },
  "conflict.keepMine": ({ page }) => page.keepMine(),
  "xstate.done.actor.adopt": async ({ loads, expected }) => {
    const form = (await release(loads)) as Form;
    expect({ version: form.currentVersion, draft: form.draft, outline: outlineOf(form) }).toEqual(expected.server);
    // The edits stay on screen; the next save is based on their version, and replaces it.
    Object.assign(expected, { version: form.currentVersion, saved: outlineOf(form), failure: null });
    keep(expected);
  },
  "xstate.error.actor.adopt": ({ loads }, { error }) => answerWith(loads, error),
};

const usable = (yes: boolean): ControlState => (yes ? "enabled" : "disabled");

/** The form on screen, as an outline. */
async function shown(page: FormEditorScreen): Promise<Outline | null> {
  const details = await page.details();
  if (!details) return null;
  const titles = await page.sectionTitles();
  return {
    code: details.code,
    title: details.title,
    sections: await Promise.all(titles.map(async (title, index) => ({ title, questions: await page.questionCodes(index) }))),
  };
}

/** What this browser keeps for a reload, as an outline with its base version. */
function keptNow(): Expected["kept"] {
  const kept = JSON.parse(localStorage.getItem(workingCopyKey(FORM_ID)) ?? "null") as WorkingCopy | null;
  if (!kept) return null;
  const { document } = kept;
  return {
    baseVersion: kept.baseVersion,
    outline: {
      code: document.code,
      title: document.description,
      sections: document.sections.map((section) => ({ title: section.description, questions: section.questions.map((question) => question.code) })),
    },
  };
}

const problemList = (expected: Expected) =>
  expected.listsProblems && expected.present.code === ""
    ? [`The form cannot be ${expected.purpose === "publish" ? "published" : "saved"} yet: 1 problem`, "Form code: Required"]
    : null;

/** The form with the edits and their state; the earlier visit's work is offered back only while editing. */
async function seeForm({ page, expected }: System, { editing }: { editing: boolean }) {
  await eventually(() => shown(page)).toEqual(expected.present);
  expect(await page.badges()).toEqual([expected.published ? "Published" : "Draft", ...(isDirty(expected) ? ["Unsaved changes"] : [])]);
  expect(await page.publishLabel()).toBe(expected.published ? "Publish changes" : "Publish");
  expect(await page.offersRestore(), "the earlier visit's work offered back").toBe(editing && expected.offered !== null);
  expect(await page.problems()).toEqual(problemList(expected));
  await eventually(keptNow).toEqual(expected.kept);
}

const noneInFlight = ({ loads, saves, counts }: System) => expect([loads, saves, counts].map((held) => held.activeCount())).toEqual([0, 0, 0]);

/** The page left the editor for the list; the server holds what the executors expect, and nothing is kept. */
async function seeLeft({ page, server, toasts, expected }: System) {
  await eventually(() => page.phase()).toBe("list");
  if (expected.left === "published") await eventually(async () => (await toasts.saying("The form has been published")).length).toBe(1);
  const form = (await server.ask(`/api/v1/form/${FORM_ID}`, ORGANIZER)) as Form;
  expect({ version: form.currentVersion, draft: form.draft, outline: outlineOf(form) }).toEqual(expected.server);
  expect(keptNow()).toBeNull();
}

const stateAssertions: Record<string, (system: System, snapshot: EditorSnapshot) => unknown> = {
  loading: async (system) => {
    await eventually(() => system.page.phase()).toBe("loading");
    await waitFor(() => expect(system.loads.activeCount()).toBe(1));
  },
  failed: async (system) => {
    await eventually(() => system.page.phase()).toBe("failed");
    expect(await system.page.loadError()).not.toBeNull();
    noneInFlight(system);
  },
  editing: async (system) => {
    const { page, expected } = system;
    if (expected.left) return seeLeft(system);
    await eventually(() => page.phase()).toBe("form");
    await seeForm(system, { editing: true });
    expect(await page.toolbar()).toEqual({ undo: usable(expected.past.length > 0), redo: usable(expected.future.length > 0), saveDraft: "enabled", publish: "enabled" });
    expect(await page.readOnly()).toBe(false);
    expect(await page.saveFailure()).toBe(expected.failure);
    expect(await page.conflict()).toBeNull();
    expect(await page.publishDialog()).toBeNull();
    expect(await page.unpublishQuestion()).toBeNull();
    expect(await page.leaveQuestion()).toBeNull();
    noneInFlight(system);
  },
  // Asking loses nothing: the form and its working copy stay as they were until the user answers.
  confirmingLeave: async (system) => {
    await eventually(() => system.page.leaveQuestion()).toContain("Your changes are not saved. Leave this page and discard them?");
    await eventually(keptNow).toEqual(system.expected.kept);
    noneInFlight(system);
  },
  left: seeLeft,
  // A dialog hides the page behind it from assistive technology: there, only the dialog is read.
  confirmingUnpublish: async (system) => {
    await eventually(() => system.page.unpublishQuestion()).toContain(
      "This form is published. If you save it as a draft, observers no longer see it until it is published again.",
    );
    noneInFlight(system);
  },
  reviewing: ({ page }) => eventually(() => page.publishDialog()).not.toBeNull(),
  "reviewing.counting": async ({ page, counts }) => {
    await eventually(() => page.publishDialog()).toContain("Counting the answers this form already has…");
    await waitFor(() => expect(counts.activeCount()).toBe(1));
  },
  "reviewing.ready": async (system) => {
    const { page, expected } = system;
    await eventually(() => page.publishDialogButtons()).toEqual({ publish: "enabled", cancel: "enabled" });
    // Moving a question changes nothing observers answer: against a published form the review lists no change.
    expect(await page.publishDialog()).toContain(expected.published ? "No question or option changes against the published version." : "Added questions");
    noneInFlight(system);
  },
  saving: async ({ server, saves, page, expected }) => {
    await waitFor(() => expect(saves.activeCount()).toBe(1));
    const sent = server.requests.filter((request) => request.method === "POST").at(-1)?.body as FormInput;
    expect({ id: sent.id, baseVersion: sent.baseVersion, draft: sent.draft, outline: outlineOf(sent) }).toEqual({
      id: FORM_ID,
      baseVersion: expected.version,
      draft: expected.sending?.draft,
      outline: expected.present,
    });
    expect(await page.readOnly()).toBe(true);
    const toolbar = await page.toolbar();
    expect(expected.sending?.draft ? toolbar.saveDraft : toolbar.publish).toBe("busy");
  },
  conflict: async (system) => {
    await eventually(() => system.page.conflict()).toEqual({ loadTheirs: "enabled", keepMine: "enabled" });
    // The edits stay, on screen and in the browser, until the user decides.
    await seeForm(system, { editing: false });
    noneInFlight(system);
  },
  adoptingVersion: async ({ page, loads }) => {
    await eventually(() => page.conflict()).toEqual({ loadTheirs: "disabled", keepMine: "busy" });
    await waitFor(() => expect(loads.activeCount()).toBe(1));
  },
};

/** A step in a test's name. */
function describeEvent(event: ModelEvent): string {
  switch (event.type) {
    case "edit.command":
      return event.command === DROP ? "drop the first question two places down" : "clear the code";
    case "xstate.done.actor.load":
      return "the form arrives";
    case "xstate.done.actor.save":
      return "the save succeeds";
    case "xstate.error.actor.save":
      return event.error.code === "stale_version" ? "someone saved first" : "the code is taken";
    case "xstate.done.actor.adopt":
      return "their version arrives";
    case "xstate.done.actor.counts":
      return "answers counted";
    case "xstate.error.actor.load":
    case "xstate.error.actor.adopt":
    case "xstate.error.actor.counts":
      return `${event.actorId} fails`;
    default:
      return event.type;
  }
}

const stateName = (snapshot: AnyMachineSnapshot) => (typeof snapshot.value === "string" ? snapshot.value : JSON.stringify(snapshot.value));

/**
 * What a path reaches: the states it passes through, and the chart's transitions it takes, each named by the state
 * that declares it, its event (an edit by its command) and where it leads. A save that publishes leaves the page,
 * and a review has its own Cancel once the answers are counted: those count apart.
 */
function reachedBy(path: EditorPath): string[] {
  const reached = path.steps.map((step) => stateName(step.state));
  path.steps.slice(1).forEach((step, index) => {
    const before = path.steps[index]!.state;
    const [transition] = formEditorMachine.getTransitionData(before, step.event as never);
    const declaredIn = transition?.source.id.replace(/^formEditor\./, "") ?? "?";
    const event =
      step.event.type === "edit.command"
        ? `edit.command ${step.event.command.type}`
        : step.event.type === "xstate.done.actor.save"
          ? `save done (${before.context.publishing ? "publish" : "draft"})`
          : step.event.type === "review.cancel"
            ? `review.cancel (from ${stateName(before)})`
            : step.event.type;
    reached.push(`${declaredIn} —${event}→ ${stateName(step.state)}`);
  });
  return reached;
}

/**
 * The path as the chart takes it from the input. With `distinguish`, each step of a shortest path carries the first
 * snapshot found with the same facts, whose undo stack or kept work may be another path's; followed from the input,
 * every step has its own. Null when an event is not taken there, or leads elsewhere than the graph said.
 */
function followed(path: EditorPath): EditorPath | null {
  let [state] = initialTransition(formEditorMachine, input);
  const steps = [{ ...path.steps[0]!, state }];
  for (const { event, state: said } of path.steps.slice(1)) {
    if (formEditorMachine.getTransitionData(state, event as never).length === 0) return null;
    [state] = transition(formEditorMachine, state, event as never);
    if (stateName(state) !== stateName(said)) return null;
    steps.push({ event, state });
  }
  return { ...path, state, steps };
}

/**
 * After a publish the page has left the editor (the chart goes back to editing): nothing can follow there. After a
 * discard the chart itself ends (`left` is final).
 */
const goesOnAfterLeaving = (path: EditorPath) =>
  path.steps.some(
    (step, index) =>
      index > 0 && index < path.steps.length - 1 && step.event.type === "xstate.done.actor.save" && path.steps[index - 1]!.state.context.publishing,
  );

/** Greedily, the paths that together reach all that any of them reaches: the one reaching most not yet reached first, the shorter on a tie. */
function fewestReachingAll(candidates: EditorPath[]): EditorPath[] {
  const reach = candidates.map((path) => new Set(reachedBy(path)));
  const everything = new Set(reach.flatMap((reached) => [...reached]));
  const covered = new Set<string>();
  const chosen: EditorPath[] = [];
  const gain = (index: number) => [...reach[index]!].filter((item) => !covered.has(item)).length;
  while (covered.size < everything.size) {
    let best = 0;
    for (let index = 1; index < candidates.length; index++) {
      if (gain(index) > gain(best) || (gain(index) === gain(best) && candidates[index]!.steps.length < candidates[best]!.steps.length)) best = index;
    }
    chosen.push(candidates[best]!);
    for (const item of reach[best]!) covered.add(item);
  }
  return chosen;
}

const options: Options = {
  machine: formEditorMachine,
  input,
  events: modelEvents,
  // The facts the explored events turn on: leaving asks only when dirty, an invalid form lists problems, a published
  // one asks before a draft. The undo stack (it would grow without end) and the kept work are left out: `followed`
  // then checks that each path is one the chart really takes.
  distinguish: (snapshot) => ({
    dirty: selectIsDirty(snapshot),
    valid: validateDocument(snapshot.context.history.present, "draft").length === 0,
    published: snapshot.context.published,
  }),
  setUp,
  eventExecutors,
  stateAssertions,
};

const shortest = shortestPaths(formEditorMachine, options);
const candidates = shortest.flatMap((path) => {
  const own = followed(path);
  return own && !goesOnAfterLeaving(own) ? [own] : [];
});
const paths = fewestReachingAll(candidates);

let unstackElements: () => void;
beforeAll(async () => {
  unstackElements = stackElementsInDocumentOrder();
  // The pages load lazily: compiled here once rather than inside the first path's first wait.
  await Promise.all([import("../../src/features/forms/editor/FormEditorPage"), import("../../src/features/forms/list/FormList")]);
});
afterAll(() => unstackElements());
afterEach(() => {
  notifications.clean();
});

describe(`${formEditorMachine.id} model on the form editor`, () => {
  // The leave question became states of the chart (confirmingLeave, and the final `left` after a discard) in place
  // of the edit.discard self-transition, with ways into them from each kind of unsaved form: 116 shortest paths (106
  // before), one more replayed (15 before): the discard path now ends in `left`, and staying needs a path of its own.
  it("replays 16 of its 116 shortest paths, which reach all that the others reach", () => {
    expect(shortest).toHaveLength(116);
    // Three go on after a publish, where the page has left the editor (a discard ends the chart itself).
    expect(candidates).toHaveLength(113);
    expect(paths).toHaveLength(16);
  });
  for (const path of paths) {
    const steps = path.steps.slice(1).map((step) => describeEvent(step.event));
    it(`reaches ${stateName(path.state)} via ${steps.join(" → ")}`, { timeout: 60_000 }, () => replayPath(path, options));
  }
});

describe(`${formEditorMachine.id} model coverage`, () => {
  it("reaches every state of the editor through every transition of its chart", () => {
    const reached = new Set(paths.flatMap(reachedBy));
    expect([...reached].filter((item) => !item.includes("—")).sort()).toEqual(
      ["adoptingVersion", "confirmingLeave", "confirmingUnpublish", "conflict", "editing", "failed", "left", "loading", "saving", '{"reviewing":"counting"}', '{"reviewing":"ready"}'].sort(),
    );
    // Only a new form (no id yet) opens straight into editing and reviews without counting: FormEditor.test.tsx opens one.
    expect([...reached].filter((item) => item.includes("—")).sort()).toEqual(
      [
        "loading —xstate.done.actor.load→ editing",
        "loading —xstate.error.actor.load→ failed",
        "failed —load.retry→ loading",
        "editing —edit.command question.move→ editing",
        "editing —edit.command form.set→ editing",
        "editing —edit.undo→ editing",
        "editing —edit.redo→ editing",
        "editing —copy.restore→ editing",
        "editing —copy.discard→ editing",
        "editing —leave.request→ confirmingLeave",
        "confirmingLeave —leave.stay→ editing",
        "confirmingLeave —leave.discard→ left",
        "editing —form.saveDraft→ editing",
        "editing —form.saveDraft→ confirmingUnpublish",
        "editing —form.saveDraft→ saving",
        "editing —form.publish→ editing",
        'editing —form.publish→ {"reviewing":"counting"}',
        "confirmingUnpublish —unpublish.cancel→ editing",
        "confirmingUnpublish —unpublish.confirm→ saving",
        'reviewing —review.cancel (from {"reviewing":"counting"})→ editing',
        'reviewing —review.cancel (from {"reviewing":"ready"})→ editing',
        'reviewing.counting —xstate.done.actor.counts→ {"reviewing":"ready"}',
        'reviewing.counting —xstate.error.actor.counts→ {"reviewing":"ready"}',
        "reviewing.ready —review.confirm→ saving",
        "saving —save done (draft)→ editing",
        "saving —save done (publish)→ editing",
        "saving —xstate.error.actor.save→ conflict",
        "saving —xstate.error.actor.save→ editing",
        "conflict —conflict.reload→ loading",
        "conflict —conflict.keepMine→ adoptingVersion",
        "adoptingVersion —xstate.done.actor.adopt→ editing",
        "adoptingVersion —xstate.error.actor.adopt→ conflict",
      ].sort(),
    );
  });
});
