import { createElement, Fragment } from "react";
import { afterAll, describe, expect, it, onTestFinished } from "vitest";
import { waitFor } from "@testing-library/react";
import { Notifications, notifications } from "@mantine/notifications";
import { File as NodeFile } from "node:buffer";
import type { DoneActorEvent, ErrorActorEvent, SnapshotFrom } from "xstate";
import { StationImport } from "../../src/features/polling-stations/import/StationImport";
import { stationImportMachine, type ImportResult, type StationImportEvent } from "../../src/features/polling-stations/import/station-import.machine";
import { stationImport } from "../pages/dom/polling-stations";
import type { StationImport as StationImportPage } from "../pages/polling-stations";
import { eventually } from "../pages/locators";
import { replayPath, shortestPaths, type ModelTestOptions } from "../support/model";
import { chartTransitions, fewestCoveringPaths, pathTransitions } from "../support/model-cover";
import { renderScreen } from "../support/render-screen";
import { ORGANIZER } from "../support/seeds/observers.seed";
import { stationRegistry } from "../support/seeds/polling-stations.seed";
import { problem, startTestServer, type HeldRequests, type TestServer } from "../support/test-server";
import { sendXhrThrough } from "../support/xhr-over-fetch";

/*
 * The import statechart replayed on the real import screen (StationImport) over the real server (the polling-station
 * seed: Cluj 1 to 55, Bucharest 1 to 3 with 3 retired). Every upload is held until the path says how it ends: its
 * `xstate.done.actor.*` event lets it reach the server, whose answer must be the model's; its `xstate.error.actor.*`
 * event lets it reach the server too for the 422s (the server itself refuses the file), or answers it with a 503.
 *
 * The oracle is not the machine: the executors note what the user chose and what the server answered, and every state
 * checks the screen against those notes (the step shown, the counts, the columns chosen, the bad rows, the switch,
 * Import and Cancel), and the upload the screen sent (dry run or not, the switch, the mapping).
 */

/*
 * jsdom's File and FormData lose the file's bytes on their way into Node's Request: here the test's Files and the
 * SPA's FormData are Node's, as a browser's are its own.
 */
const jsdomGlobals = { File: globalThis.File, FormData: globalThis.FormData };
globalThis.File = NodeFile as unknown as typeof File;
globalThis.FormData = (await new Response(new URLSearchParams()).formData()).constructor as typeof FormData;
afterAll(() => void Object.assign(globalThis, jsdomGlobals));

type Counts = Pick<ImportResult, "added" | "changed" | "retired" | "unchanged">;
type Failure = { status: number; code: string; rows?: { line: number; field: string; code: string; message: string }[] };
type ModelEvent =
  | StationImportEvent
  | DoneActorEvent<ImportResult, "check">
  | ErrorActorEvent<Failure, "check">
  | DoneActorEvent<ImportResult, "commit">
  | ErrorActorEvent<Failure, "commit">;
type ImportSnapshot = SnapshotFrom<typeof stationImportMachine>;
type FileKind = "official" | "other" | "bad";

/** The files, by what the server makes of them against the seed. */
const FILES: Record<FileKind, { name: string; text: string }> = {
  // Cluj 1 as it is, Cluj 2 moved, a new Cluj 56, Bucharest 3 brought back; every other active station left out.
  official: {
    name: "sectii.csv",
    text: [
      "Județ;Nr. SV;Localitate;Sediu;Adresă;Număr alegători",
      "CLUJ;1;Cluj-Napoca;Liceul Teoretic „Avram Iancu”;Str. Onisifor Ghibu nr. 21;1530",
      "Cluj;2;Dej;Școala Gimnazială nr. 2;Str. Horea nr. 9;620",
      "CJ;56;Cluj-Napoca;Colegiul Tehnic „Napoca”;Str. Taberei nr. 1;800",
      "Municipiul București;3;București;Colegiul Național nr. 3;Bd. Unirii nr. 3;1003",
    ].join("\n"),
  },
  other: { name: "altele.csv", text: ["Jud,Sectia", "CJ,1", "CJ,57"].join("\n") },
  bad: { name: "gresit.csv", text: ["county,number", "CJ,1", "XY,2"].join("\n") },
};
/** A file as the model's events carry it: told apart by its name, also in the graph's serialized events. */
const modelFile = (kind: FileKind) => Object.assign(new File([], FILES[kind].name), { toJSON: () => ({ name: FILES[kind].name }) });
const kindOf = (file: File | null): FileKind | null => (Object.keys(FILES) as FileKind[]).find((kind) => FILES[kind].name === file?.name) ?? null;

/** What the server answers each dry run and import, by file, mapping and switch (the replay checks it is so). */
const COUNTS = {
  officialRetiring: { added: 1, changed: 2, retired: 55, unchanged: 1 },
  officialKeeping: { added: 1, changed: 2, retired: 0, unchanged: 1 },
  otherMapped: { added: 1, changed: 0, retired: 56, unchanged: 1 },
} satisfies Record<string, Counts>;
const MAPPING = { county: "Jud", number: "Sectia" };
const BAD_ROWS = [["3", "County", "No county has this name or code"]];
const COLUMNS_UNRECOGNISED: Failure = { status: 422, code: "columns_unrecognised" };
const IMPORT_INVALID: Failure = { status: 422, code: "import_invalid", rows: [{ line: 3, field: "county", code: "not_found", message: "" }] };
const SERVER_DOWN: Failure = { status: 503, code: "unavailable" };

const result = (counts: Counts, dryRun: boolean) => ({ ...counts, dryRun }) as ImportResult;
const countsOf = ({ file, columns, retireMissing }: ImportSnapshot["context"]): Counts | null => {
  const kind = kindOf(file);
  if (kind === "official") return retireMissing ? COUNTS.officialRetiring : COUNTS.officialKeeping;
  return kind === "other" && columns !== null ? COUNTS.otherMapped : null;
};

/**
 * The user's events, narrowed to one journey per outcome: each file once from the start; the mapping of the other
 * file (county, then number); the switch turned off once; Import of the official file without retiring; a server
 * failure on the first dry run and on the import; Cancel from the start and during a dry run.
 */
function events(snapshot: ImportSnapshot): ModelEvent[] {
  const { context } = snapshot;
  const kind = kindOf(context.file);
  const counts = countsOf(context);
  const started = context.file === null && context.result === null;
  return [
    ...(started ? (Object.keys(FILES) as FileKind[]).map((name) => ({ type: "file.choose", file: modelFile(name) }) as const) : []),
    ...(started || snapshot.matches("checking") ? [{ type: "import.cancel" } as const] : []),
    ...(kind === "official" && context.retireMissing && counts
      ? [{ type: "xstate.done.actor.check", actorId: "check", output: result(counts, true) } as const, { type: "retireMissing.change", retireMissing: false } as const]
      : []),
    ...(kind === "official" && context.retireMissing && context.failure === null ? [{ type: "xstate.error.actor.check", actorId: "check", error: SERVER_DOWN } as const] : []),
    ...(kind === "official" && !context.retireMissing && counts
      ? [
          { type: "xstate.done.actor.check", actorId: "check", output: result(counts, true) } as const,
          { type: "import.commit" } as const,
          { type: "xstate.done.actor.commit", actorId: "commit", output: result(counts, false) } as const,
        ]
      : []),
    ...(kind === "official" && !context.retireMissing && context.failure === null ? [{ type: "xstate.error.actor.commit", actorId: "commit", error: SERVER_DOWN } as const] : []),
    { type: "import.retry" },
    ...(kind === "other" && context.columns === null ? [{ type: "xstate.error.actor.check", actorId: "check", error: COLUMNS_UNRECOGNISED } as const] : []),
    ...(kind === "other" && !context.columns?.county ? [{ type: "column.choose", field: "county", header: MAPPING.county } as const] : []),
    ...(kind === "other" && context.columns?.county && !context.columns.number ? [{ type: "column.choose", field: "number", header: MAPPING.number } as const] : []),
    { type: "mapping.submit" },
    ...(kind === "other" && counts ? [{ type: "xstate.done.actor.check", actorId: "check", output: result(counts, true) } as const, { type: "mapping.edit" } as const] : []),
    ...(kind === "bad" ? [{ type: "xstate.error.actor.check", actorId: "check", error: IMPORT_INVALID } as const] : []),
    { type: "import.restart" },
  ];
}

/** Nodes: the step, and what the screen shows in it (the file, the mapping, the switch, a failure, an import done). */
function distinguish({ context }: ImportSnapshot): unknown {
  return [kindOf(context.file), context.columns, context.retireMissing, context.failure?.code ?? null, context.result !== null];
}

/** What the test expects the screen to show, noted from what the user did and what the server answered. */
interface Expected {
  file: string | null;
  columns: Record<string, string> | null;
  retireMissing: boolean;
  counts: Counts | null;
  /** The upload the screen must be waiting on: dry run or import, with the switch and the mapping. */
  upload: { dryRun: string; retireMissing: string; columns: string | null } | null;
  /** The upload the server failed: Try again sends it again. */
  failed: Expected["upload"];
  imported: Counts | null;
}

interface System {
  server: TestServer;
  uploads: HeldRequests;
  page: StationImportPage;
  location: () => string;
  expected: Expected;
}

async function setUp(): Promise<System> {
  const server = await startTestServer({ seed: stationRegistry });
  sendXhrThrough(server.fetch);
  const uploads = server.hold("POST /api/v1/polling-stations/import");
  onTestFinished(() => notifications.clean());
  const screen = createElement(Fragment, null, createElement(Notifications), createElement(StationImport));
  const { user, location } = await renderScreen(server, screen, { route: "/sectii/import", path: "/sectii/import", account: ORGANIZER });
  const expected: Expected = { file: null, columns: null, retireMissing: true, counts: null, upload: null, failed: null, imported: null };
  return { server, uploads, page: stationImport(user), location, expected };
}

const pick = (body: unknown): Counts => {
  const { added, changed, retired, unchanged } = body as Counts;
  return { added, changed, retired, unchanged };
};
const shown = (counts: Counts) => Object.fromEntries(Object.entries(counts).map(([kind, count]) => [kind, String(count)]));
/** The upload waiting, as the screen sent it. */
function waitingUpload(server: TestServer) {
  const request = server.requests.filter((logged) => logged.path.startsWith("/api/v1/polling-stations/import")).at(-1)!;
  const query = new URLSearchParams(request.path.split("?")[1]);
  const columns = /name="columns"\r\n\r\n([^\r]*)/.exec(String(request.body))?.[1] ?? null;
  return { dryRun: query.get("dryRun")!, retireMissing: query.get("retireMissing")!, columns };
}
const dryRun = (expected: Expected) => ({
  dryRun: "true",
  retireMissing: String(expected.retireMissing),
  columns: expected.columns ? JSON.stringify(expected.columns) : null,
});

type Options = ModelTestOptions<typeof stationImportMachine, ModelEvent, System>;

const eventExecutors: Options["eventExecutors"] = {
  "file.choose": async ({ page, expected }, { file }) => {
    const kind = kindOf(file)!;
    await page.chooseFile(new File([FILES[kind].text], FILES[kind].name, { type: "text/csv" }));
    Object.assign(expected, { file: FILES[kind].name, columns: null, counts: null, imported: null });
    expected.upload = dryRun(expected);
  },
  "file.reject": () => {
    throw new Error("not explored: the picker's refusal is the machine test's");
  },
  "column.choose": async ({ page, expected }, { field, header }) => {
    await page.chooseColumn(field, header);
    expected.columns = { ...expected.columns, [field]: header ?? "" };
  },
  "mapping.submit": async ({ page, expected }) => {
    await page.submitMapping();
    expected.upload = dryRun(expected);
  },
  "mapping.edit": ({ page }) => page.editMapping(),
  "retireMissing.change": async ({ page, expected }) => {
    await page.toggleRetireMissing();
    expected.retireMissing = !expected.retireMissing;
    expected.upload = dryRun(expected);
  },
  "import.commit": async ({ page, expected }) => {
    // A double click: the machine ignores the second Import, and one import reaches the server.
    await page.commitTwice();
    expected.upload = { ...dryRun(expected), dryRun: "false" };
  },
  "import.retry": async ({ page, expected }) => {
    await page.retry();
    expected.upload = expected.failed;
  },
  "import.restart": async ({ page, expected }) => {
    await page.restart();
    Object.assign(expected, { file: null, columns: null, counts: null, upload: null, imported: null });
  },
  "import.cancel": ({ page }) => page.cancel(),
  "upload.progress": () => {
    throw new Error("not explored: the upload's progress is the machine test's");
  },
  "xstate.done.actor.check": async ({ uploads, expected }, { output }) => {
    expect(pick(await uploads.release())).toEqual(pick(output));
    Object.assign(expected, { counts: pick(output), upload: null });
  },
  "xstate.error.actor.check": async ({ uploads, expected }, { error: { rows, ...refusal } }) => {
    if (refusal.status === 503) uploads.answer(problem(503, refusal.code));
    else expect(await uploads.release()).toMatchObject({ ...refusal, ...(rows ? { rows: rows.map(({ line, field, code }) => ({ line, field, code })) } : {}) });
    if (refusal.code === "columns_unrecognised") expected.columns = {};
    Object.assign(expected, { failed: expected.upload, upload: null });
  },
  "xstate.done.actor.commit": async ({ uploads, expected }, { output }) => {
    expect(pick(await uploads.release())).toEqual(pick(output));
    Object.assign(expected, { imported: pick(output), upload: null });
  },
  "xstate.error.actor.commit": ({ uploads, expected }, { error }) => {
    uploads.answer(problem(error.status, error.code));
    Object.assign(expected, { failed: expected.upload, upload: null });
  },
};

/** The upload in flight is the one the notes say, and only one. */
async function expectUpload({ server, uploads, expected }: System) {
  await waitFor(() => expect(uploads.activeCount()).toBe(1));
  expect(waitingUpload(server)).toEqual(expected.upload);
}

const stateAssertions: Options["stateAssertions"] = {
  cancelled: ({ location }) => eventually(location).toBe("/sectii"),
  "awaiting.choosing": async ({ page, uploads }) => {
    await eventually(() => page.chosenFile()).toBeNull();
    expect(await page.stepHeading()).toBeNull();
    expect(await page.cancelState()).toBe("enabled");
    expect(uploads.activeCount()).toBe(0);
  },
  checking: async (system) => {
    await eventually(() => system.page.progress()).toMatch(/^Checking the file…/);
    expect(await system.page.chosenFile()).toBe(system.expected.file);
    expect(await system.page.cancelState()).toBe("enabled");
    await expectUpload(system);
  },
  "awaiting.mapping": async ({ page, expected }) => {
    await eventually(() => page.stepHeading()).toBe("Match the columns");
    expect(await page.columns()).toMatchObject(expected.columns ?? {});
    const complete = Boolean(expected.columns?.county && expected.columns.number);
    expect(await page.counts()).toBeNull();
    await eventually(() => page.commitButton()).toBeNull();
    expect((document.querySelector("button[type=submit]") as HTMLButtonElement).disabled).toBe(!complete);
  },
  "awaiting.reviewing": async ({ page, expected }) => {
    await eventually(() => page.counts()).toEqual(shown(expected.counts!));
    expect(await page.retireMissing()).toBe(expected.retireMissing);
    const { added, changed, retired } = expected.counts!;
    expect(await page.commitButton()).toEqual({ text: `Import ${added + changed + retired} changes`, state: "enabled" });
  },
  "awaiting.invalid": async ({ page }) => {
    await eventually(() => page.badRows()).toEqual(BAD_ROWS);
    expect(await page.counts()).toBeNull();
  },
  "awaiting.checkFailed": async ({ page }) => {
    await eventually(() => page.failure()).toBe("Could not check the fileThe file could not be imported (error 503). Try again.Try again");
  },
  "awaiting.commitFailed": async ({ page }) => {
    await eventually(() => page.failure()).toBe("Could not import the fileThe file could not be imported (error 503). Try again.Try again");
  },
  committing: async (system) => {
    const { added, changed, unchanged } = system.expected.counts!;
    await eventually(() => system.page.progress()).toMatch(new RegExp(`^Importing ${added + changed + unchanged} stations…`));
    expect(await system.page.cancelState()).toBe("absent");
    await expectUpload(system);
  },
  done: async ({ page, expected }) => {
    const { added, changed, retired, unchanged } = expected.imported!;
    await eventually(() => page.done()).toBe(
      `The registry has been updatedAdded: ${added}. Changed: ${changed}. Retired: ${retired}. Unchanged: ${unchanged}.See the polling stationsImport another file`,
    );
  },
};

function describeEvent(event: ModelEvent): string {
  switch (event.type) {
    case "file.choose":
      return `choose ${event.file.name}`;
    case "column.choose":
      return `${event.field} in ${event.header}`;
    case "retireMissing.change":
      return "keep the missing stations";
    case "xstate.done.actor.check":
      return "dry run answers";
    case "xstate.done.actor.commit":
      return "imported";
    case "xstate.error.actor.check":
    case "xstate.error.actor.commit":
      return `${event.type.endsWith("check") ? "dry run" : "import"} refused (${event.error.code})`;
    default:
      return event.type;
  }
}

const candidates = shortestPaths(stationImportMachine, { events, distinguish }).map((path) => ({ path, extra: null }));
const chosen = fewestCoveringPaths(stationImportMachine, candidates);

describe(`${stationImportMachine.id} model on the import screen`, () => {
  for (const { path } of chosen) {
    const steps = path.steps.slice(1).map((step) => describeEvent(step.event));
    it(steps.join(" → "), { timeout: 90_000 }, () => replayPath(path, { machine: stationImportMachine, events, setUp, eventExecutors, stateAssertions }));
  }
});

describe(`${stationImportMachine.id} model coverage`, () => {
  const taken = new Set(chosen.flatMap(({ path }) => pathTransitions(stationImportMachine, path)));

  // Pinned: a chart change that multiplies the paths (each a render of the screen) shows in review.
  it("replays 6 of the 41 shortest paths", () => {
    expect(candidates).toHaveLength(41);
    expect(chosen).toHaveLength(6);
  });

  // The picker's refusal, the upload's progress, a mapping that leads to bad rows and a registry that changed between
  // the dry run and the import are the machine test's (station-import.machine.test.ts): no file of this screen's makes
  // them happen over the real server.
  it("takes every transition of the chart but those the machine test covers", () => {
    expect(chartTransitions(stationImportMachine).filter((transition) => !taken.has(transition))).toEqual([
      "stationImport.awaiting file.reject → stationImport.awaiting.choosing",
      "stationImport.awaiting.invalid mapping.edit → stationImport.awaiting.mapping",
      "stationImport.checking upload.progress → (stays)",
      "stationImport.committing upload.progress → (stays)",
      "stationImport.committing xstate.error.actor.commit → stationImport.awaiting.invalid",
    ]);
  });
});
