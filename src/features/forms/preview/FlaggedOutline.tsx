import { List, Stack, Text } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import type { FormDocument } from "../editor/form-document";
import { flaggedEntries, type FlaggedEntry } from "./flagged-entries";

function FlaggedItem({ section, question, option }: Omit<FlaggedEntry, "key">) {
  return (
    <List.Item>
      <Text span fw={600}>
        {option}
      </Text>{" "}
      <Text span size="sm" c="dimmed">
        <Trans comment="Flagged options outline: where an option is, e.g. 'in Opening, question A1. Were you let in?'">
          in {section}, question {question}
        </Trans>
      </Text>
    </List.Item>
  );
}

/** What goes to the urgent inbox, at a glance: each flagged option with its section and question. */
export function FlaggedOutline({ document }: { document: FormDocument }) {
  const entries = flaggedEntries(document);
  if (entries.length === 0) {
    return (
      <Text c="dimmed" data-testid="flagged-outline">
        <Trans>No option is flagged: no answer to this form goes to the urgent inbox.</Trans>
      </Text>
    );
  }
  return (
    <Stack gap="xs" data-testid="flagged-outline">
      <Text size="sm">
        <Trans>Choosing one of these options sends the answer to the urgent inbox:</Trans>
      </Text>
      <List spacing="xs">
        {entries.map((entry) => (
          <FlaggedItem key={entry.key} section={entry.section} question={entry.question} option={entry.option} />
        ))}
      </List>
    </Stack>
  );
}
