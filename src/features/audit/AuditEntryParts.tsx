import { Anchor, Badge, Group, Text } from "@mantine/core";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import type { AuditEntry } from "./audit.actors";
import { formatDateTime, formatTimeAgo } from "../../shared/i18n/time-format";
import { actionLabels } from "./audit.messages";
import { subjectHref } from "./audit-subject.href";

/** When: the local date and time, and how long ago under it. */
export function AuditWhen({ at }: { at: string }) {
  const { i18n } = useLingui();
  return (
    <>
      <time dateTime={at} data-testid="audit-when">
        {formatDateTime(at, i18n.locale, { seconds: true })}
      </time>
      <Text size="xs" c="dimmed" data-testid="audit-ago">
        {formatTimeAgo(at, i18n.locale)}
      </Text>
    </>
  );
}

/** Who: the staff account and its NGO, as they were when it acted. */
export function AuditWho({ actor }: { actor: AuditEntry["actor"] }) {
  const { account, ngoName } = actor;
  return (
    <span data-testid="audit-who">
      {ngoName ? <Trans comment="Activity log: who acted, their account and their NGO">{account} · {ngoName}</Trans> : account}
    </span>
  );
}

/** What: the action as a sentence; an import and a notification say how many observers they concerned. */
export function AuditWhat({ entry }: { entry: Pick<AuditEntry, "action" | "count"> }) {
  return (
    <span data-testid="audit-what">
      <ActionSentence entry={entry} />
    </span>
  );
}

function ActionSentence({ entry }: { entry: Pick<AuditEntry, "action" | "count"> }) {
  const { i18n } = useLingui();
  const { count } = entry;
  if (entry.action === "observers.imported" && count !== undefined) {
    return (
      <Plural
        value={count}
        one="Imported # observer"
        other="Imported # observers"
        comment="Activity log: what a staff member did (a CSV import into an NGO)"
      />
    );
  }
  if (entry.action === "notification.sent" && count !== undefined) {
    return (
      <Plural
        value={count}
        one="Sent notification to # observer"
        other="Sent notification to # observers"
        comment="Activity log: what a staff member did (a push notification, to this many observers)"
      />
    );
  }
  return <>{i18n._(actionLabels[entry.action])}</>;
}

/** The subject: a link while it can still be opened, its name with "deleted" once it is gone; its NGO under it. */
export function AuditSubject({ entry }: { entry: Pick<AuditEntry, "subject" | "ngoId" | "ngoName" | "electionRoundId"> }) {
  const { subject, ngoName } = entry;
  const href = subjectHref(entry);
  const deleted = !subject.exists && subject.id !== null;
  return (
    <div data-testid="audit-subject">
      <Group gap={6} wrap="wrap">
        {href ? (
          <Anchor component={Link} to={href} data-testid="audit-subject-label">
            {subject.label}
          </Anchor>
        ) : (
          <Text span inherit data-testid="audit-subject-label">
            {subject.label}
          </Text>
        )}
        {deleted ? (
          <Badge variant="light" color="gray" size="sm" data-testid="audit-deleted">
            <Trans comment="Activity log: the record this entry is about no longer exists">deleted</Trans>
          </Badge>
        ) : null}
      </Group>
      {ngoName && subject.type !== "ngo" ? (
        <Text size="xs" c="dimmed" data-testid="audit-subject-ngo">
          {ngoName}
        </Text>
      ) : null}
    </div>
  );
}
