import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import type { CsvPreview } from "./observer-import.csv";
import { observerImportMachine, parseNgoId, type ImportOutcome, type ImportRequest } from "./observer-import.machine";
import { selectBadRows, selectCanUpload, selectCheckedCount, selectFailure, selectIsBusy } from "./observer-import.selectors";

interface Pending<Input, Output> {
  input: Input;
  signal: AbortSignal;
  resolve: (output: Output) => void;
  reject: (error: unknown) => void;
}

const csvFile = new File(["Phone,Pin,Name\n0722000000,1234,Ana Pop\n"], "observers.csv", { type: "text/csv" });
const preview: CsvPreview = { missingColumns: [], rows: [{ line: 2, values: { Phone: "0722000000", Pin: "1234", Name: "Ana Pop" } }] };
const badRows = {
  status: 422,
  code: "import_invalid",
  rows: [{ line: 3, field: "Pin", code: "pattern", message: "Pin must be 4 to 6 digits." }],
};

function startImport(ngoId: number | null = 2) {
  const uploads: Pending<ImportRequest, ImportOutcome>[] = [];
  const effects: string[] = [];
  const logic = observerImportMachine.provide({
    actors: {
      readPreview: fromPromise(() => Promise.resolve(preview)),
      importFile: fromPromise<ImportOutcome, ImportRequest>(
        ({ input, signal }) => new Promise((resolve, reject) => uploads.push({ input, signal, resolve, reject })),
      ),
    },
    actions: {
      onImported: (_, { count }) => effects.push(`imported ${count}`),
      onImportFailed: (_, { failure }) => effects.push(`failed ${failure.status}`),
    },
  });
  const importer = createActor(logic, { input: { ngoId } }).start();
  return { importer, uploads, effects };
}

async function startWithFile() {
  const started = startImport();
  started.importer.send({ type: "file.choose", file: csvFile });
  await waitFor(started.importer, (snapshot) => snapshot.matches({ choosing: "ready" }));
  return started;
}

describe(observerImportMachine.id, () => {
  it("starts idle with the given NGO id and cannot upload without a file", () => {
    const { importer, uploads } = startImport(2);
    expect(importer.getSnapshot().value).toEqual({ choosing: "idle" });
    expect(importer.getSnapshot().context.ngoId).toBe("2");
    importer.send({ type: "import.start" });
    expect(selectCanUpload(importer.getSnapshot())).toBe(false);
    expect(uploads).toEqual([]);
  });

  it("previews a chosen file and becomes ready", async () => {
    const { importer } = await startWithFile();
    expect(importer.getSnapshot().context.preview).toEqual(preview);
    expect(selectCanUpload(importer.getSnapshot())).toBe(true);
  });

  it("cannot upload while the NGO id is empty or not a number", async () => {
    const { importer, uploads } = await startWithFile();
    importer.send({ type: "ngo.change", value: "" });
    importer.send({ type: "import.check" });
    importer.send({ type: "ngo.change", value: "abc" });
    importer.send({ type: "import.start" });
    expect(uploads).toEqual([]);
    expect(selectCanUpload(importer.getSnapshot())).toBe(false);
  });

  it("checks the file with a dry run and reports the count that would be added", async () => {
    const { importer, uploads, effects } = await startWithFile();
    importer.send({ type: "ngo.change", value: "5" });
    importer.send({ type: "import.check" });
    expect(selectIsBusy(importer.getSnapshot())).toBe(true);
    expect(uploads.map((upload) => upload.input)).toEqual([{ file: csvFile, ngoId: 5, dryRun: true }]);
    uploads[0]?.resolve({ count: 1, dryRun: true });
    await waitFor(importer, (snapshot) => snapshot.matches({ choosing: "report" }));
    expect(selectCheckedCount(importer.getSnapshot())).toBe(1);
    expect(effects).toEqual([]);
  });

  it("reports the bad rows of a dry run without announcing a failure", async () => {
    const { importer, uploads, effects } = await startWithFile();
    importer.send({ type: "import.check" });
    uploads[0]?.reject(badRows);
    await waitFor(importer, (snapshot) => snapshot.matches({ choosing: "report" }));
    expect(selectBadRows(importer.getSnapshot())).toEqual(badRows.rows);
    expect(selectCheckedCount(importer.getSnapshot())).toBeNull();
    expect(effects).toEqual([]);
  });

  it("imports and announces the count", async () => {
    const { importer, uploads, effects } = await startWithFile();
    importer.send({ type: "import.start" });
    expect(uploads[0]?.input).toEqual({ file: csvFile, ngoId: 2, dryRun: false });
    uploads[0]?.resolve({ count: 12, dryRun: false });
    await waitFor(importer, (snapshot) => snapshot.matches({ choosing: "done" }));
    expect(effects).toEqual(["imported 12"]);
  });

  it("announces a failed import and keeps its bad rows", async () => {
    const { importer, uploads, effects } = await startWithFile();
    importer.send({ type: "import.start" });
    uploads[0]?.reject(badRows);
    await waitFor(importer, (snapshot) => snapshot.matches({ choosing: "failed" }));
    expect(selectBadRows(importer.getSnapshot())).toEqual(badRows.rows);
    expect(selectFailure(importer.getSnapshot())).toEqual(badRows);
    expect(effects).toEqual(["failed 422"]);
  });

  it("ignores another file or upload while one is pending", async () => {
    const { importer, uploads } = await startWithFile();
    importer.send({ type: "import.start" });
    importer.send({ type: "import.check" });
    importer.send({ type: "file.choose", file: new File(["x"], "other.csv") });
    expect(uploads).toHaveLength(1);
    expect(importer.getSnapshot().context.file).toBe(csvFile);
  });

  it("forgets the file when the picker rejects another one", async () => {
    const { importer } = await startWithFile();
    importer.send({ type: "file.reject", reason: "too_large" });
    expect(importer.getSnapshot().value).toEqual({ choosing: "idle" });
    expect(importer.getSnapshot().context).toMatchObject({ file: null, preview: null, rejection: "too_large" });
  });

  it.each([
    ["12", 12],
    [" 3 ", 3],
    ["0", null],
    ["-1", null],
    ["1.5", null],
    ["", null],
  ])("reads the NGO id %j as %j", (value, expected) => {
    expect(parseNgoId(value)).toBe(expected);
  });
});
