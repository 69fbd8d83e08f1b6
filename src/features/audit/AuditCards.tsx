import { Box, Card, Stack, Text } from "@mantine/core";
import { useLingui } from "@lingui/react/macro";
import type { AuditEntry } from "./audit.actors";
import { AuditChanges } from "./AuditChanges";
import { AuditSubject, AuditWhat, AuditWhen, AuditWho } from "./AuditEntryParts";

/** A phone's view: one card per entry, what was done first, then the subject, the changes, who and when. */
export function AuditCards({ entries, busy }: { entries: AuditEntry[]; busy: boolean }) {
  const { t } = useLingui();
  return (
    <Stack
      component="ul"
      gap="sm"
      m={0}
      p={0}
      style={{ listStyle: "none" }}
      aria-label={t({ message: "Staff actions", comment: "Accessible name of the activity log's table or list" })}
      aria-busy={busy}
    >
      {entries.map((entry) => (
        <Card key={entry.id} component="li" withBorder padding="sm">
          <Text fw={600}>
            <AuditWhat entry={entry} />
          </Text>
          <AuditSubject entry={entry} />
          {entry.changes.length > 0 ? (
            <Box mt="xs">
              <AuditChanges changes={entry.changes} />
            </Box>
          ) : null}
          <Text size="sm" mt="xs">
            <AuditWho actor={entry.actor} />
          </Text>
          <Text size="sm" component="div">
            <AuditWhen at={entry.at} />
          </Text>
        </Card>
      ))}
    </Stack>
  );
}
