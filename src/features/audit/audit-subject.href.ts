import { paths } from "../../shared/paths";
import { inRound } from "../../shared/rounds/use-linked-round";
import type { AuditEntry } from "./audit.actors";

/**
 * Where an entry's subject can be opened, or null when it cannot: deleted since, about no single record
 * (forms.reordered), or a thread without its station. An admin account has no page of its own: its NGO's shows it.
 */
export function subjectHref(entry: Pick<AuditEntry, "subject" | "ngoId" | "electionRoundId">): string | null {
  const href = hrefInItsRound(entry);
  // A subject of an earlier round opens in that round.
  return href === null ? null : inRound(href, entry.electionRoundId);
}

function hrefInItsRound({ subject, ngoId }: Pick<AuditEntry, "subject" | "ngoId">): string | null {
  if (!subject.exists || subject.id === null) return null;
  switch (subject.type) {
    case "observer":
      return paths.observer.href("view", subject.id);
    case "ngo":
      return paths.ngo.href("view", subject.id);
    case "ngoAdmin":
      return ngoId === null ? null : paths.ngo.href("view", ngoId);
    case "form":
      return paths.form.href(subject.id);
    case "notification":
      return paths.notifications.historyHref();
    case "thread":
      return subject.pollingStationId === undefined ? null : paths.answerDetails.href("urgents", subject.id, subject.pollingStationId);
    case "station":
      return paths.pollingStation.href(subject.id);
    case "electionRound":
      // Rounds have no screen of their own yet (issue 27's "Election rounds" screen).
      return null;
  }
}
