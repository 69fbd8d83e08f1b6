import type { SnapshotFrom } from "xstate";
import type { formImportMachine } from "./form-import.machine";

type FormImportSnapshot = SnapshotFrom<typeof formImportMachine>;

/**
 * What the import dialog shows, as flat values the view compares one by one (`shallowEqual`): a snapshot that
 * changes none of them renders nothing.
 */
export function selectImportDialog(snapshot: FormImportSnapshot) {
  const { file, code, unreadable, error } = snapshot.context;
  return {
    opened: !snapshot.matches("closed"),
    /** A file is being read or the import is under way: no other file can be dropped. */
    busy: snapshot.hasTag("busy"),
    importing: snapshot.matches("importing"),
    canImport: snapshot.can({ type: "import.send" }),
    file,
    code,
    unreadable,
    error,
  };
}
