import { List, Stack, Table, Title } from "@mantine/core";
import { msg } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import type { OutboxImportReport } from "./observer-outbox.actors";
import { outboxItemKind, outboxRefusalReason } from "./observer-outbox.messages";

const refusedCaption = msg({ message: "Refused items", comment: "Accessible name of the table of the items the server refused" });

/** What became of the file's items: how many were imported, already there or refused, and why each refused one was. */
export function ObserverOutboxReport({ report }: { report: OutboxImportReport }) {
  const { i18n } = useLingui();
  const { imported, alreadyThere, refused } = report;
  const refusals = report.items.filter((item) => item.outcome === "refused");
  return (
    <Stack gap="xs" component="section" aria-labelledby="observer-outbox-report">
      <Title order={2} size="h4" id="observer-outbox-report">
        <Trans comment="Heading of the result of importing an observer's outbox file">Import report</Trans>
      </Title>
      <List size="sm" data-testid="observer-outbox-totals">
        <List.Item>
          <Plural value={imported} one="# item imported" other="# items imported" />
        </List.Item>
        <List.Item>
          <Plural value={alreadyThere} one="# item was already on the server" other="# items were already on the server" />
        </List.Item>
        <List.Item c={refused > 0 ? "red.8" : undefined}>
          <Plural value={refused} one="# item refused" other="# items refused" />
        </List.Item>
      </List>
      {refusals.length > 0 ? (
        <Table aria-label={i18n._(refusedCaption)}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans comment="Column of the outbox import report: answers, arrival, departure or note">Item</Trans>
              </Table.Th>
              <Table.Th>
                <Trans comment="Column of the outbox import report: why the server refused the item">Reason</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {refusals.map((item) => {
              const reason = outboxRefusalReason(item.code);
              return (
                <Table.Tr key={item.id}>
                  <Table.Td>{i18n._(outboxItemKind(item.kind))}</Table.Td>
                  <Table.Td>{reason ? i18n._(reason) : (item.detail ?? item.code ?? "")}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      ) : null}
    </Stack>
  );
}
