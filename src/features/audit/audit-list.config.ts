import type { components } from "../../api/schema";
import type { ListFilter, ListInput } from "../../shared/machines/list.machine";
import { AUDIT_QUERY_FIELDS } from "../../shared/paths";

export type AuditSubjectType = components["schemas"]["AuditSubjectType"];
export type AuditAction = components["schemas"]["AuditAction"];

/**
 * The filter fields, named as in the URL query and in listAuditEntries; `from` and `to` are ISO instants.
 * `subjectId` has no field in the form: a record's History link sets it, and the page shows it as a removable chip.
 */
export const AUDIT_FILTER_FIELDS = AUDIT_QUERY_FIELDS;

export const EMPTY_AUDIT_FILTER: ListFilter = Object.fromEntries(AUDIT_FILTER_FIELDS.map((field) => [field, ""]));

/** Newest first is the server's only order. */
export const AUDIT_LIST_INPUT: ListInput = { pageSize: 20, emptyFilter: EMPTY_AUDIT_FILTER, sort: { by: "at", direction: "desc" } };

/**
 * The actions each kind of subject can have, in the order the action filter offers them. The contract files an
 * import of observers under the NGO they joined and a reordering under the forms (with no single form).
 */
export const ACTIONS_BY_SUBJECT_TYPE = {
  observer: ["observer.created", "observer.updated", "observer.deleted", "observer.pinReset", "observer.outboxImported"],
  ngo: [
    "ngo.created",
    "ngo.updated",
    "ngo.activated",
    "ngo.deactivated",
    "ngo.organizerGranted",
    "ngo.organizerRevoked",
    "ngo.deleted",
    "observers.imported",
  ],
  ngoAdmin: ["ngoAdmin.created", "ngoAdmin.passwordReset", "ngoAdmin.deleted"],
  form: ["form.created", "form.imported", "form.updated", "form.published", "forms.reordered", "form.deleted"],
  notification: ["notification.sent"],
  thread: ["thread.stateChanged"],
  station: ["station.created", "station.updated", "station.retired", "stations.imported"],
  electionRound: ["electionRound.created", "electionRound.updated", "electionRound.started", "electionRound.archived", "electionRound.reopened"],
} as const satisfies Record<AuditSubjectType, readonly AuditAction[]>;

export const SUBJECT_TYPES = Object.keys(ACTIONS_BY_SUBJECT_TYPE) as AuditSubjectType[];
export const ACTIONS: readonly AuditAction[] = Object.values(ACTIONS_BY_SUBJECT_TYPE).flat();

export const isSubjectType = (value: string | undefined): value is AuditSubjectType => (SUBJECT_TYPES as (string | undefined)[]).includes(value);
export const isAction = (value: string | undefined): value is AuditAction => (ACTIONS as (string | undefined)[]).includes(value);

/** Whether the action can be about that kind of subject (any action when no kind is chosen). */
export const actionFitsSubjectType = (action: AuditAction, subjectType: string) =>
  !isSubjectType(subjectType) || (ACTIONS_BY_SUBJECT_TYPE[subjectType] as readonly AuditAction[]).includes(action);
