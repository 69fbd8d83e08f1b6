import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import { stationImportMachine, toImportFailure, type ImportResult, type UploadInput } from "./station-import.machine";
import {
  selectBadRows,
  selectCanCommit,
  selectCanEditMapping,
  selectCanRetry,
  selectCanSubmitMapping,
  selectFailure,
  selectIsBusy,
  selectReview,
  selectStep,
  selectUploadPercent,
} from "./station-import.selectors";

interface Pending {
  input: UploadInput;
  signal: AbortSignal;
  resolve: (output: ImportResult) => void;
  reject: (error: unknown) => void;
}

const officialFile = new File(["Județ;Nr. SV\nCLUJ;1\n"], "sectii.csv", { type: "text/csv" });
const otherFile = new File(["Jud;Sectia\nCJ;1\n"], "altele.csv", { type: "text/csv" });

const diff = (added: number, changed: number, retired: number, unchanged: number, dryRun = true): ImportResult => ({
  dryRun,
  added,
  changed,
  retired,
  unchanged,
  version: "7",
  diff: {
    added: added > 0 ? [{ countyCode: "CJ", number: 1, locality: "Cluj-Napoca", institution: "Liceul Avram Iancu", changes: [] }] : [],
    changed: [],
    retired: [],
  },
});
const columnsUnrecognised = { status: 422, code: "columns_unrecognised", headers: ["Jud", "Sectia", "Loc"], found: { locality: "Loc" } };
const badRows = {
  status: 422,
  code: "import_invalid",
  rows: [{ line: 3, field: "county", code: "not_found", message: "No county XY." }],
};

function startImport() {
  const uploads: Pending[] = [];
  const effects: string[] = [];
  const logic = stationImportMachine.provide({
    actors: {
      uploadFile: fromPromise<ImportResult, UploadInput>(({ input, signal }) => new Promise((resolve, reject) => uploads.push({ input, signal, resolve, reject }))),
    },
    actions: {
      onImported: (_, { result }) => effects.push(`imported ${result.added}`),
      onCancelled: () => effects.push("cancelled"),
    },
  });
  const importer = createActor(logic).start();
  /** What each upload asked for, without its progress callback. */
  const requests = () => uploads.map(({ input: { file, columns, retireMissing, dryRun } }) => ({ file: file.name, columns, retireMissing, dryRun }));
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { importer, uploads, effects, requests, settle };
}

async function startReviewing(review = diff(1, 0, 2, 5)) {
  const started = startImport();
  started.importer.send({ type: "file.choose", file: officialFile });
  started.uploads[0]?.resolve(review);
  await started.settle();
  return started;
}

describe(stationImportMachine.id, () => {
  it("waits for a file, then checks it with a dry run that retires the missing stations by default", () => {
    const { importer, requests } = startImport();
    expect(selectStep(importer.getSnapshot())).toBe("choosing");
    importer.send({ type: "file.choose", file: officialFile });
    expect(selectStep(importer.getSnapshot())).toBe("checking");
    expect(selectIsBusy(importer.getSnapshot())).toBe(true);
    expect(requests()).toEqual([{ file: "sectii.csv", columns: null, retireMissing: true, dryRun: true }]);
  });

  it("shows the dry run's diff and offers Import only when something changes", async () => {
    const { importer } = await startReviewing(diff(1, 0, 2, 5));
    expect(selectStep(importer.getSnapshot())).toBe("reviewing");
    expect(selectReview(importer.getSnapshot())?.retired).toBe(2);
    expect(selectCanCommit(importer.getSnapshot())).toBe(true);

    const unchanged = await startReviewing(diff(0, 0, 0, 8));
    expect(selectCanCommit(unchanged.importer.getSnapshot())).toBe(false);
    unchanged.importer.send({ type: "import.commit" });
    expect(unchanged.uploads).toHaveLength(1);
  });

  it("asks for the columns when the server does not recognise them, prefilled with what it found", async () => {
    const { importer, uploads, requests, settle } = startImport();
    importer.send({ type: "file.choose", file: otherFile });
    uploads[0]?.reject(columnsUnrecognised);
    await settle();
    expect(selectStep(importer.getSnapshot())).toBe("mapping");
    expect(importer.getSnapshot().context.headers).toEqual(["Jud", "Sectia", "Loc"]);
    expect(importer.getSnapshot().context.columns).toEqual({ locality: "Loc" });
    expect(selectCanSubmitMapping(importer.getSnapshot())).toBe(false);

    importer.send({ type: "column.choose", field: "county", header: "Jud" });
    importer.send({ type: "mapping.submit" });
    expect(selectStep(importer.getSnapshot())).toBe("mapping");
    importer.send({ type: "column.choose", field: "number", header: "Sectia" });
    importer.send({ type: "column.choose", field: "locality", header: null });
    expect(selectCanSubmitMapping(importer.getSnapshot())).toBe(true);
    importer.send({ type: "mapping.submit" });
    expect(selectStep(importer.getSnapshot())).toBe("checking");
    expect(requests()[1]).toEqual({ file: "altele.csv", columns: { county: "Jud", number: "Sectia" }, retireMissing: true, dryRun: true });
  });

  it("keeps the user's columns that the file still has when the server asks again", async () => {
    const { importer, uploads, settle } = startImport();
    importer.send({ type: "file.choose", file: otherFile });
    uploads[0]?.reject(columnsUnrecognised);
    await settle();
    importer.send({ type: "column.choose", field: "county", header: "Jud" });
    importer.send({ type: "column.choose", field: "number", header: "Sectia" });
    importer.send({ type: "mapping.submit" });
    uploads[1]?.reject({ ...columnsUnrecognised, found: { address: "Loc" } });
    await settle();
    expect(selectStep(importer.getSnapshot())).toBe("mapping");
    expect(importer.getSnapshot().context.columns).toEqual({ address: "Loc", locality: "Loc", county: "Jud", number: "Sectia" });
  });

  it("runs the dry run again, with the switch's value, when the retire switch changes", async () => {
    const { importer, requests } = await startReviewing();
    importer.send({ type: "retireMissing.change", retireMissing: true });
    expect(selectStep(importer.getSnapshot())).toBe("reviewing");
    importer.send({ type: "retireMissing.change", retireMissing: false });
    expect(selectStep(importer.getSnapshot())).toBe("checking");
    expect(requests()).toEqual([
      { file: "sectii.csv", columns: null, retireMissing: true, dryRun: true },
      { file: "sectii.csv", columns: null, retireMissing: false, dryRun: true },
    ]);
  });

  it("imports once however many times Import is pressed, with the reviewed file and switch, and announces it", async () => {
    const { importer, uploads, effects, requests, settle } = await startReviewing();
    importer.send({ type: "import.commit" });
    importer.send({ type: "import.commit" });
    expect(selectStep(importer.getSnapshot())).toBe("committing");
    expect(requests().slice(1)).toEqual([{ file: "sectii.csv", columns: null, retireMissing: true, dryRun: false }]);
    uploads[1]?.resolve(diff(1, 0, 2, 5, false));
    await settle();
    expect(selectStep(importer.getSnapshot())).toBe("done");
    expect(effects).toEqual(["imported 1"]);
  });

  it("shows the upload's progress while an upload runs", async () => {
    const { importer, uploads } = await startReviewing();
    importer.send({ type: "import.commit" });
    expect(selectUploadPercent(importer.getSnapshot())).toBeNull();
    uploads[1]?.input.reportProgress({ loaded: 512, total: 2048 });
    expect(selectUploadPercent(importer.getSnapshot())).toBe(25);
    uploads[1]?.input.reportProgress({ loaded: 2048, total: 2048 });
    expect(selectUploadPercent(importer.getSnapshot())).toBe(100);
  });

  it("cannot be cancelled while importing, but a dry run is cancelled and aborted", async () => {
    const { importer, uploads, effects } = await startReviewing();
    importer.send({ type: "import.commit" });
    importer.send({ type: "import.cancel" });
    expect(selectStep(importer.getSnapshot())).toBe("committing");
    expect(uploads[1]?.signal.aborted).toBe(false);

    const checking = startImport();
    checking.importer.send({ type: "file.choose", file: officialFile });
    checking.importer.send({ type: "import.cancel" });
    expect(checking.importer.getSnapshot().status).toBe("done");
    expect(checking.uploads[0]?.signal.aborted).toBe(true);
    expect(checking.effects).toEqual(["cancelled"]);
    expect(effects).toEqual([]);
  });

  it("lists the bad rows of a dry run, and offers the mapping again when it chose the columns", async () => {
    const { importer, uploads, settle } = startImport();
    importer.send({ type: "file.choose", file: otherFile });
    uploads[0]?.reject(columnsUnrecognised);
    await settle();
    importer.send({ type: "column.choose", field: "county", header: "Jud" });
    importer.send({ type: "column.choose", field: "number", header: "Sectia" });
    importer.send({ type: "mapping.submit" });
    uploads[1]?.reject(badRows);
    await settle();
    expect(selectStep(importer.getSnapshot())).toBe("invalid");
    expect(selectBadRows(importer.getSnapshot())).toEqual(badRows.rows);
    importer.send({ type: "mapping.edit" });
    expect(selectStep(importer.getSnapshot())).toBe("mapping");
    expect(importer.getSnapshot().context.columns).toEqual({ locality: "Loc", county: "Jud", number: "Sectia" });
  });

  it("lists the bad rows when the registry changed between the dry run and the import so that the file no longer fits", async () => {
    const { importer, uploads, settle } = await startReviewing();
    importer.send({ type: "import.commit" });
    uploads[1]?.reject(badRows);
    await settle();
    expect(selectStep(importer.getSnapshot())).toBe("invalid");
    expect(selectBadRows(importer.getSnapshot())).toEqual(badRows.rows);
    expect(selectCanEditMapping(importer.getSnapshot())).toBe(false);
  });

  it("starts over from a new file's dry run at any step, forgetting the old file's columns", async () => {
    const { importer, uploads, requests, settle } = startImport();
    importer.send({ type: "file.choose", file: otherFile });
    uploads[0]?.reject(columnsUnrecognised);
    await settle();
    importer.send({ type: "file.choose", file: officialFile });
    expect(selectStep(importer.getSnapshot())).toBe("checking");
    expect(requests()[1]).toEqual({ file: "sectii.csv", columns: null, retireMissing: true, dryRun: true });
  });

  it("offers Try again after a failure of the network or the server only, and tries the same step again", async () => {
    const { importer, uploads, requests, settle } = await startReviewing();
    importer.send({ type: "import.commit" });
    uploads[1]?.reject({ status: 503, code: "unavailable" });
    await settle();
    expect(selectStep(importer.getSnapshot())).toBe("commitFailed");
    expect(selectFailure(importer.getSnapshot())).toEqual({ status: 503, code: "unavailable", rows: [], headers: [], found: {} });
    expect(selectCanRetry(importer.getSnapshot())).toBe(true);
    importer.send({ type: "import.retry" });
    expect(selectStep(importer.getSnapshot())).toBe("committing");
    expect(requests().map((request) => request.dryRun)).toEqual([true, false, false]);

    const refused = startImport();
    refused.importer.send({ type: "file.choose", file: officialFile });
    refused.uploads[0]?.reject({ status: 413, code: "payload_too_large" });
    await refused.settle();
    expect(selectStep(refused.importer.getSnapshot())).toBe("checkFailed");
    expect(selectCanRetry(refused.importer.getSnapshot())).toBe(false);
    refused.importer.send({ type: "import.retry" });
    expect(refused.uploads).toHaveLength(1);
  });

  it("starts again from nothing after an import, keeping the retire switch", async () => {
    const { importer, uploads, settle } = await startReviewing();
    importer.send({ type: "retireMissing.change", retireMissing: false });
    uploads[1]?.resolve(diff(1, 0, 0, 5));
    await settle();
    importer.send({ type: "import.commit" });
    uploads[2]?.resolve(diff(1, 0, 0, 5, false));
    await settle();
    importer.send({ type: "import.restart" });
    expect(selectStep(importer.getSnapshot())).toBe("choosing");
    expect(importer.getSnapshot().context).toEqual({
      file: null,
      rejection: null,
      headers: [],
      columns: null,
      retireMissing: false,
      review: null,
      result: null,
      failure: null,
      progress: null,
    });
  });

  it("says why the picker refused a file and forgets the file chosen before", async () => {
    const { importer } = await startReviewing();
    importer.send({ type: "file.reject", reason: "too_large" });
    expect(selectStep(importer.getSnapshot())).toBe("choosing");
    expect(importer.getSnapshot().context.rejection).toBe("too_large");
    expect(importer.getSnapshot().context.file).toBeNull();
  });
});

describe("toImportFailure", () => {
  it("reads the 422s' rows, headers and the fields found, and leaves out what is not a field", () => {
    expect(toImportFailure({ status: 422, code: "columns_unrecognised", headers: ["A", 3], found: { county: "A", colour: "B", number: 4 } })).toEqual({
      status: 422,
      code: "columns_unrecognised",
      rows: [],
      headers: ["A"],
      found: { county: "A" },
    });
    expect(toImportFailure("boom")).toEqual({ status: 0, code: "unexpected", rows: [], headers: [], found: {} });
  });
});
