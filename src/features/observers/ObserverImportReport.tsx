import { Table, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ImportRowProblem } from "./observer-import.machine";
import { importFieldLabel, importRowReason } from "./observer-import.messages";

/** The rows the server refused, with the line in the file and why. */
export function ObserverImportReport({ rows }: { rows: readonly ImportRowProblem[] }) {
  const { i18n } = useLingui();
  return (
    <section aria-labelledby="observer-import-report">
      <Title order={2} size="h4" id="observer-import-report" c="red.8">
        <Trans>Rows to correct</Trans>
      </Title>
      <Table aria-labelledby="observer-import-report">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans comment="Column: line number in the file">Line</Trans>
            </Table.Th>
            <Table.Th>
              <Trans comment="Column of the import report: the column of the file at fault">Column</Trans>
            </Table.Th>
            <Table.Th>
              <Trans comment="Column of the import report: what is wrong">Problem</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const reason = importRowReason(row);
            return (
              <Table.Tr key={`${row.line}-${row.field}-${row.code}`}>
                <Table.Td>{row.line}</Table.Td>
                <Table.Td>{i18n._(importFieldLabel(row.field))}</Table.Td>
                <Table.Td>{reason ? i18n._(reason) : row.message}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </section>
  );
}
