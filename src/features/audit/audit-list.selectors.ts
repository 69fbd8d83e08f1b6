import type { SnapshotFrom } from "xstate";
import type { components } from "../../api/schema";
import type { listMachine } from "../../shared/machines/list.machine";
import type { resourceMachine } from "../../shared/machines/resource.machine";
import type { AuditEntry } from "./audit.actors";

type Ngo = components["schemas"]["Ngo"];

/** The entries of the page shown, newest first. */
export const selectEntries = (snapshot: SnapshotFrom<typeof listMachine>) => snapshot.context.items as AuditEntry[];

/** The NGOs as the NGO filter's options (the server's order, by name); none before the first load. */
export const selectNgoOptions = (snapshot: SnapshotFrom<typeof resourceMachine>) =>
  ((snapshot.context.data as Ngo[] | null) ?? []).map((ngo) => ({ value: String(ngo.id), label: ngo.name }));

/** The name of the one record the log is narrowed to, as its newest entry on screen gives it; null without one. */
export const selectSubjectLabel = (snapshot: SnapshotFrom<typeof listMachine>) => {
  const { subjectType, subjectId } = snapshot.context.query.filter;
  const entry = selectEntries(snapshot).find(({ subject }) => subject.type === subjectType && String(subject.id) === subjectId);
  return entry?.subject.label ?? null;
};
