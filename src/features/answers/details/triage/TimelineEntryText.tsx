import { Anchor, Group, Text } from "@mantine/core";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { reviewStateLabels } from "./triage.labels";
import type { TimelineEntry } from "./triage.types";

/** Who did it: the observer's name or the staff account; the system, or an account that was removed. */
function useActorName(entry: TimelineEntry): string {
  const { t } = useLingui();
  if (entry.actor.name) return entry.actor.name;
  return entry.actor.kind === "system" ? t`The system` : t`A removed account`;
}

/** The sentence of one timeline entry, by its kind. */
function Headline({ entry }: { entry: TimelineEntry }) {
  const { i18n } = useLingui();
  const actor = useActorName(entry);
  switch (entry.kind) {
    case "answers": {
      const form = entry.formCode ?? "";
      const flagged = entry.flaggedCount ?? 0;
      return (
        <Trans>
          {actor} · Answered <Plural value={entry.questionCount ?? 0} one="# question" other="# questions" /> of form {form},{" "}
          <Plural value={flagged} one="# flagged" other="# flagged" />
        </Trans>
      );
    }
    case "note": {
      const question = entry.questionCode;
      return question ? <Trans>{actor} added a note on question {question}</Trans> : <Trans>{actor} added a note</Trans>;
    }
    case "state": {
      const state = entry.state ? i18n._(reviewStateLabels[entry.state]) : "";
      return <Trans>{actor} set {state}</Trans>;
    }
    case "claim":
      return <Trans>{actor} claimed the thread</Trans>;
    case "release":
      return <Trans>{actor} released the thread</Trans>;
    case "takeover": {
      const previous = entry.text ?? "";
      return <Trans>{actor} took over from {previous}</Trans>;
    }
    case "lapse":
      return <Trans>{actor}’s claim lapsed</Trans>;
    case "comment":
      return <Trans>{actor} commented</Trans>;
  }
}

/** An entry's headline, then its text (a note, a comment, a resolution note) and a note's photos. */
export function TimelineEntryText({ entry }: { entry: TimelineEntry }) {
  const { t } = useLingui();
  const showsText = entry.text && entry.kind !== "takeover";
  return (
    <>
      <Text size="sm" fw={500}>
        <Headline entry={entry} />
      </Text>
      {showsText ? (
        <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
          {entry.text}
        </Text>
      ) : null}
      {entry.attachments?.length ? (
        <Group gap="xs">
          {entry.attachments.map((attachment, index) => {
            const number = index + 1;
            return (
              <Anchor key={attachment.id} href={attachment.url} target="_blank" rel="noreferrer" size="sm" title={attachment.fileName}>
                {t`Photo ${number}`}
              </Anchor>
            );
          })}
        </Group>
      ) : null}
    </>
  );
}
