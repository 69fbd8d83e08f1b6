import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { AuditAction, AuditSubjectType } from "./audit-list.config";

/**
 * The header's link to the log. It lives here, not in src/app, so that the login route's catalog (which takes
 * every word of src/app) stays without it.
 */
export const activityLogLabel = msg({ message: "Activity log", comment: "Header link and page title: the log of staff actions" });

export const subjectTypeLabels: Record<AuditSubjectType, MessageDescriptor> = {
  observer: msg({ message: "Observer", comment: "Kind of record in the activity log" }),
  ngo: msg({ message: "NGO", comment: "Kind of record in the activity log" }),
  ngoAdmin: msg({ message: "Admin account", comment: "Kind of record in the activity log: an NGO's staff account" }),
  form: msg({ message: "Form", comment: "Kind of record in the activity log" }),
  notification: msg({ message: "Notification", comment: "Kind of record in the activity log" }),
  thread: msg({ message: "Answer thread", comment: "Kind of record in the activity log: an observer's answers at one station" }),
  station: msg({ message: "Polling station", comment: "Kind of record in the activity log" }),
  electionRound: msg({ message: "Election round", comment: "Kind of record in the activity log: one election observed (e.g. a presidential first round)" }),
};

/** What a staff member did, as a sentence without its subject (the subject is shown beside it). */
export const actionLabels: Record<AuditAction, MessageDescriptor> = {
  "observer.created": msg({ message: "Added observer", comment: "Activity log: what a staff member did" }),
  "observer.updated": msg({ message: "Changed observer", comment: "Activity log: what a staff member did" }),
  "observer.deleted": msg({ message: "Deleted observer", comment: "Activity log: what a staff member did" }),
  "observer.pinReset": msg({ message: "Reset observer's PIN", comment: "Activity log: what a staff member did" }),
  "observer.outboxImported": msg({
    message: "Imported observer's unsent reports",
    comment: "Activity log: what a staff member did (a file of reports the observer's phone could not send)",
  }),
  "observers.imported": msg({ message: "Imported observers", comment: "Activity log: what a staff member did (a CSV import into an NGO)" }),
  "ngo.created": msg({ message: "Added NGO", comment: "Activity log: what a staff member did" }),
  "ngo.updated": msg({ message: "Changed NGO", comment: "Activity log: what a staff member did" }),
  "ngo.deleted": msg({ message: "Deleted NGO", comment: "Activity log: what a staff member did" }),
  "ngo.activated": msg({ message: "Activated NGO", comment: "Activity log: what a staff member did" }),
  "ngo.deactivated": msg({ message: "Deactivated NGO", comment: "Activity log: what a staff member did" }),
  "ngo.organizerGranted": msg({ message: "Made NGO an organizer", comment: "Activity log: what a staff member did" }),
  "ngo.organizerRevoked": msg({ message: "Removed NGO from organizers", comment: "Activity log: what a staff member did" }),
  "ngoAdmin.created": msg({ message: "Added admin account", comment: "Activity log: what a staff member did" }),
  "ngoAdmin.passwordReset": msg({ message: "Reset admin password", comment: "Activity log: what a staff member did" }),
  "ngoAdmin.deleted": msg({ message: "Removed admin account", comment: "Activity log: what a staff member did" }),
  "form.created": msg({ message: "Created form", comment: "Activity log: what a staff member did" }),
  "form.updated": msg({ message: "Changed form", comment: "Activity log: what a staff member did" }),
  "form.published": msg({ message: "Published form", comment: "Activity log: what a staff member did" }),
  "form.deleted": msg({ message: "Deleted form", comment: "Activity log: what a staff member did" }),
  "forms.reordered": msg({ message: "Reordered forms", comment: "Activity log: what a staff member did" }),
  "form.imported": msg({ message: "Imported form", comment: "Activity log: what a staff member did" }),
  "notification.sent": msg({ message: "Sent notification", comment: "Activity log: what a staff member did" }),
  "thread.stateChanged": msg({ message: "Set thread state", comment: "Activity log: what a staff member did (review state of an answer thread)" }),
  "station.created": msg({ message: "Added polling station", comment: "Activity log: what a staff member did" }),
  "station.updated": msg({ message: "Changed polling station", comment: "Activity log: what a staff member did" }),
  "station.retired": msg({ message: "Retired polling station", comment: "Activity log: what a staff member did" }),
  "stations.imported": msg({ message: "Imported polling stations", comment: "Activity log: what a staff member did (a file of the registry)" }),
  "electionRound.created": msg({ message: "Created election round", comment: "Activity log: what a staff member did" }),
  "electionRound.updated": msg({ message: "Changed election round", comment: "Activity log: what a staff member did" }),
  "electionRound.started": msg({ message: "Started election round", comment: "Activity log: what a staff member did (observers can report into it)" }),
  "electionRound.archived": msg({ message: "Archived election round", comment: "Activity log: what a staff member did (it becomes read-only)" }),
  "electionRound.reopened": msg({ message: "Reopened election round", comment: "Activity log: what a staff member did (an archived round made active again)" }),
};
