import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { OutboxImportItem } from "./observer-outbox.actors";

/** What an item of the outbox file was, in words. */
export function outboxItemKind(kind: OutboxImportItem["kind"]): MessageDescriptor {
  switch (kind) {
    case "answers":
      return msg({ message: "Answers", comment: "Kind of an item of an observer's outbox file: answers to a form" });
    case "arrival":
      return msg({ message: "Arrival", comment: "Kind of an item of an observer's outbox file: the observer's arrival at a polling station" });
    case "departure":
      return msg({ message: "Departure", comment: "Kind of an item of an observer's outbox file: the observer's departure from a polling station" });
    case "note":
      return msg({ message: "Note", comment: "Kind of an item of an observer's outbox file: a note, possibly with photos" });
  }
}

/** Why the server refused an item, from its problem code; null for a code this SPA does not know (the server's words are shown). */
export function outboxRefusalReason(code: string | undefined): MessageDescriptor | null {
  switch (code) {
    case "not_found":
      return msg`The polling station or the question does not exist`;
    case "station_retired":
      return msg`The polling station is retired`;
    case "round_archived":
      return msg`The election round is archived`;
    case "validation":
      return msg`The observer cannot write in this election round`;
    case "form_not_for_station":
      return msg`The form is not for this polling station`;
    case "answer_invalid":
      return msg`The answers do not fit the form`;
    case "leave_before_arrival":
      return msg`The departure is before the arrival`;
    case "idempotency_key_reused":
      return msg`Another item with the same id is already on the server`;
    default:
      return null;
  }
}

/** Why the whole file was refused, from the problem's status and code. */
export function outboxImportFailure(error: { status: number; code: string | null } | null): MessageDescriptor {
  if (error?.status === 404) return msg`No observer of your organization has the phone number this file was saved with.`;
  if (error?.status === 400) return msg`This is not an outbox file of the observers' app, or it has been changed. Nothing was imported.`;
  if (error?.status === 413) return msg`The file is too large: at most 60 MiB.`;
  if (error?.status === 403) return msg`Your role does not allow importing outbox files.`;
  return msg`Could not import the file. Try again later.`;
}
