import { createElement, Fragment } from "react";
import { describe, expect, it, onTestFinished } from "vitest";
import { waitFor } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { Notifications, notifications } from "@mantine/notifications";
import type { DoneActorEvent, ErrorActorEvent, SnapshotFrom } from "xstate";
import { formImportMachine, type FormFile, type FormFileFill, type FormImportEvent } from "../../src/features/forms/list/form-import.machine";
import { FormImport } from "../../src/features/forms/list/FormImport";
import { ORGANIZER, twelveForms } from "../../src/features/forms/list/form-list.seed";
import { control, find, textOf, typeInto } from "../pages/dom/find";
import { eventually } from "../pages/locators";
import { reachedBy, testEveryMaximalPath } from "../support/maximal-paths";
import type { ModelTestOptions } from "../support/model";
import { renderScreen } from "../support/render-screen";
import { askBeforeTests, startTestServer, type HeldRequests, type TestServer } from "../support/test-server";

/*
 * The form import dialog's statechart replayed on the real dialog (FormImport) over the real server (twelve forms,
 * A to L). Reading a chosen file is held too: the file's text arrives when the path says `xstate.done.actor.read`,
 * as a form file or as something that is not JSON, and the app's own reader decides. The import request is held
 * until the path says how it ends and then always reaches the server: a code another form has is refused by the
 * server itself (409), which is why the model explores the failure only for such a code and the success only for a
 * free one.
 *
 * The oracle is not the machine: the executors note what the user chose and typed and what the server answered, and
 * every state checks the dialog against those notes (the file named, the code shown, why it cannot be imported, what
 * the Import button allows), the body the import sent, and after an import the editor's address and what the
 * import filled in, in the server's words translated.
 */

type Imported = { id: number; filledIn: FormFileFill[] };
type ImportFailure = { status: number; code: string };
type ModelEvent =
  | FormImportEvent
  | DoneActorEvent<FormFile | null, "read">
  | DoneActorEvent<Imported, "import">
  | ErrorActorEvent<ImportFailure, "import">;

const FILE_NAME = "form-B.json";
/** A form file of the original system's shape without `diaspora`: the import says it made it a national form. */
const FILE_BODY = {
  code: "B",
  description: "Votarea",
  currentVersion: 1,
  formSections: [
    {
      code: "B1",
      description: "Deschiderea",
      questions: [{ code: "B1.1", text: "S-a deschis la timp?", questionType: 0, optionsToQuestions: [{ text: "Da", isFreeText: false, flagged: false }] }],
    },
  ],
};
const NOT_JSON = "code: B";
const FREE_CODE = "B2";
/** The seed moves the forms' sequence to 100: the first form imported is 101. */
const IMPORTED: Imported = { id: 101, filledIn: [{ code: "diaspora_absent", message: "diaspora not in the file: national form." }] };
const CODE_TAKEN: ImportFailure = { status: 409, code: "duplicate_form_code" };

const [formList] = (await askBeforeTests(twelveForms, ORGANIZER, ["/api/v1/form"])) as [{ formVersions: { code: string }[] }];
const takenCodes = formList.formVersions.map((form) => form.code);

type ImportSnapshot = SnapshotFrom<typeof formImportMachine>;
const codeKind = (code: string) => (code.trim() === "" ? "blank" : takenCodes.includes(code.trim()) ? "taken" : "free");

/**
 * The user's events, narrowed to one journey per outcome: a first file that is not JSON, then a form file; a code
 * blanked out; an import refused for its code, a new code, an import that goes through. The dialog has a code field
 * only once a file was read, and a file is chosen only while none is.
 */
function events({ context }: ImportSnapshot): ModelEvent[] {
  const { file, unreadable, error, code } = context;
  return [
    { type: "import.open" },
    { type: "import.close" },
    ...(file === null ? [{ type: "file.chosen", file: new File([], FILE_NAME) } as const] : []),
    { type: "xstate.done.actor.read", actorId: "read", output: unreadable ? { name: FILE_NAME, body: FILE_BODY } : null },
    ...(file ? [{ type: "code.change", code: error ? FREE_CODE : " " } as const] : []),
    { type: "import.send" },
    codeKind(code) === "taken"
      ? { type: "xstate.error.actor.import", actorId: "import", error: CODE_TAKEN }
      : { type: "xstate.done.actor.import", actorId: "import", output: IMPORTED },
  ];
}

/** Nodes: what the dialog shows (file, kind of code, unreadable, refused), and in importing the kind of code sent. */
function distinguish({ context, value }: ImportSnapshot): unknown {
  if (value === "closed") return null;
  if (value === "importing") return codeKind(context.code);
  return [context.file !== null, codeKind(context.code), context.unreadable, context.error !== null];
}

/** What the test expects the dialog to show, noted from what the user did and what the server answered. */
interface Expected {
  open: boolean;
  fileName: string | null;
  code: string;
  unreadable: boolean;
  codeTaken: boolean;
  imported: Imported | null;
}

interface System {
  server: TestServer;
  imports: HeldRequests;
  /** The chosen files' texts, each given when the path says the reading ends. */
  reads: ((text: string) => void)[];
  user: UserEvent;
  location: () => string;
  expected: Expected;
}

async function setUp(): Promise<System> {
  const server = await startTestServer({ seed: twelveForms });
  const imports = server.hold("POST /api/v1/form/import");
  onTestFinished(() => notifications.clean());
  const screen = createElement(Fragment, null, createElement(Notifications), createElement(FormImport));
  const { user, location } = await renderScreen(server, screen, { route: "/formulare", path: "/formulare", account: ORGANIZER });
  const expected = { open: false, fileName: null, code: "", unreadable: false, codeTaken: false, imported: null };
  return { server, imports, reads: [], user, location, expected };
}

/** A file whose text arrives when the test gives it, as a slow disk would: the reading is the app's own. */
function heldFile(system: System, name: string): File {
  const file = new File([], name, { type: "application/json" });
  const text = new Promise<string>((resolve) => system.reads.push(resolve));
  return Object.assign(file, { text: () => text });
}

const dialog = () => find({ role: "dialog" });
const button = (name: string) => find({ role: "button", name }, dialog());
const codeField = () => find({ role: "textbox", name: /^Code of the new form/ }, dialog()) as HTMLInputElement | null;

async function readFile({ reads }: System, text: string) {
  const give = reads.shift();
  if (!give || reads.length > 0) throw new Error("expected one file being read");
  give(text);
  await waitFor(() => expect(button("Select file")).toBeEnabled());
}

type Options = ModelTestOptions<typeof formImportMachine, ModelEvent, System>;

const eventExecutors: Options["eventExecutors"] = {
  "import.open": async ({ user, expected }) => {
    await user.click(await control({ role: "button", name: "Import form" }));
    Object.assign(expected, { open: true, fileName: null, code: "", unreadable: false, codeTaken: false });
  },
  "import.close": async ({ user, expected }) => {
    await user.click(await control({ role: "button", name: "Cancel" }, dialog));
    expected.open = false;
  },
  "file.chosen": async (system, { file }) => system.user.upload(await control({ testId: "form-import-file" }, dialog), heldFile(system, file.name)),
  "xstate.done.actor.read": async (system, { output }) => {
    await readFile(system, output ? JSON.stringify(output.body) : NOT_JSON);
    const read = output ? { fileName: output.name, code: output.body.code as string, unreadable: false } : { fileName: null, code: "", unreadable: true };
    Object.assign(system.expected, read, { codeTaken: false });
  },
  "code.change": async ({ user, expected }, { code }) => {
    await typeInto(user, await control({ role: "textbox", name: /^Code of the new form/ }, dialog), code);
    Object.assign(expected, { code, codeTaken: false });
  },
  "import.send": async ({ user }) => user.click(await control({ role: "button", name: "Import" }, dialog)),
  "xstate.done.actor.import": async ({ imports, expected }, { output }) => {
    // the new draft, with what the server filled in
    expect(await imports.release()).toMatchObject({ ...output, code: expected.code.trim(), draft: true });
    Object.assign(expected, { open: false, imported: output });
  },
  "xstate.error.actor.import": async ({ imports, expected }, { error }) => {
    expect(await imports.release()).toMatchObject(error);
    expected.codeTaken = true;
  },
};

/** Everything the dialog shows while it waits for the user, by the notes. */
async function expectDialog({ expected }: System, { busy }: { busy: boolean }) {
  await eventually(() => textOf(dialog())).toContain(expected.fileName ? `Chosen file: ${expected.fileName}` : "Drop a JSON file here or choose one");
  expect(codeField()?.value ?? null).toBe(expected.fileName ? expected.code : null);
  expect(find({ text: "This file is not a form file: it must contain a JSON object." }, dialog()) !== null).toBe(expected.unreadable);
  expect(find({ text: "Another form already has this code. Choose another code." }, dialog()) !== null).toBe(expected.codeTaken);
  expect(button("Select file")?.hasAttribute("disabled")).toBe(busy);
}

const stateAssertions: Options["stateAssertions"] = {
  closed: async ({ expected, location }) => {
    await eventually(dialog).toBeNull();
    if (!expected.imported) return expect(location()).toBe("/formulare");
    // The editor of the new draft opens, beneath what the import filled in, said in the user's words.
    await eventually(location).toBe(`/formulare/${expected.imported.id}`);
    await eventually(() => textOf(document.body)).toContain(
      "The form has been imported as a draft. The file left some things out; the import filled them in:“Only diaspora” is not in the file: imported as a national form.",
    );
  },
  choosing: async (system) => {
    await expectDialog(system, { busy: false });
    const { fileName, code } = system.expected;
    // Import needs a file and a code that is more than spaces.
    expect(button("Import")?.hasAttribute("disabled")).toBe(!(fileName !== null && code.trim() !== ""));
    expect(system.imports.activeCount()).toBe(0);
  },
  reading: async (system) => {
    await expectDialog(system, { busy: true });
    expect(button("Import")?.hasAttribute("disabled")).toBe(true);
  },
  importing: async (system) => {
    await eventually(() => button("Import")?.hasAttribute("data-loading")).toBe(true);
    expect(button("Cancel")?.hasAttribute("disabled")).toBe(true);
    await waitFor(() => expect(system.imports.activeCount()).toBe(1));
    // the file as read, with the code the user chose, trimmed
    const sent = system.server.writes().at(-1);
    expect(sent).toEqual({ method: "POST", path: "/api/v1/form/import", body: { ...FILE_BODY, code: system.expected.code.trim() } });
  },
};

function describeEvent(event: ModelEvent): string {
  switch (event.type) {
    case "xstate.done.actor.read":
      return event.output ? "the file reads as a form" : "the file is not JSON";
    case "code.change":
      return `code "${event.code}"`;
    case "xstate.done.actor.import":
      return "imported";
    case "xstate.error.actor.import":
      return `refused (${event.error.code})`;
    default:
      return event.type;
  }
}

let reached: ReturnType<typeof reachedBy>;

describe(`${formImportMachine.id} model on the import dialog`, () => {
  const paths = testEveryMaximalPath({ machine: formImportMachine, events, setUp, eventExecutors, stateAssertions, describeEvent, distinguish });
  reached = reachedBy(paths);

  it("replays 3 paths", () => {
    expect(paths).toHaveLength(3);
  });
});

describe(`${formImportMachine.id} model coverage`, () => {
  it("reaches every state of the import dialog through every event", () => {
    expect(reached.states).toEqual(new Set(['"closed"', '"choosing"', '"reading"', '"importing"']));
    expect(reached.events).toEqual(
      new Set([
        "xstate.init",
        "import.open",
        "import.close",
        "file.chosen",
        "xstate.done.actor.read",
        "code.change",
        "import.send",
        "xstate.done.actor.import",
        "xstate.error.actor.import",
      ]),
    );
  });
});
