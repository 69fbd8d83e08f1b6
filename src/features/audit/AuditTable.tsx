import { Table } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import type { AuditEntry } from "./audit.actors";
import { AuditChanges } from "./AuditChanges";
import { AuditSubject, AuditWhat, AuditWhen, AuditWho } from "./AuditEntryParts";

function AuditRow({ entry }: { entry: AuditEntry }) {
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: "nowrap" }}>
        <AuditWhen at={entry.at} />
      </Table.Td>
      <Table.Td>
        <AuditWho actor={entry.actor} />
      </Table.Td>
      <Table.Th scope="row" fw={500}>
        <AuditWhat entry={entry} />
      </Table.Th>
      <Table.Td>
        <AuditSubject entry={entry} />
      </Table.Td>
      <Table.Td>
        <AuditChanges changes={entry.changes} />
      </Table.Td>
    </Table.Tr>
  );
}

/** The wide screen's view: one row per entry, the action as the row's header. */
export function AuditTable({ entries, busy }: { entries: AuditEntry[]; busy: boolean }) {
  const { t } = useLingui();
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="sm" aria-label={t({ message: "Staff actions", comment: "Accessible name of the activity log's table or list" })} aria-busy={busy}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans comment="Activity log column: when the action happened">When</Trans>
            </Table.Th>
            <Table.Th>
              <Trans comment="Activity log column: the staff account that acted">Who</Trans>
            </Table.Th>
            <Table.Th>
              <Trans comment="Activity log column: what was done">What</Trans>
            </Table.Th>
            <Table.Th>
              <Trans comment="Activity log column: the record the action was about">Subject</Trans>
            </Table.Th>
            <Table.Th>
              <Trans comment="Activity log column: the fields changed, before and after">Changes</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <AuditRow key={entry.id} entry={entry} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
