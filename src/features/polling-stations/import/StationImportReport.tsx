import { Table, Text, Title } from "@mantine/core";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { KeyboardScrollContainer } from "../../../shared/ui/KeyboardScrollContainer";
import type { ImportRowProblem } from "./station-import.machine";
import { rowFieldLabel, rowReason } from "./station-import.messages";

/** The rows the server refused, each with its line in the file, the column and why: nothing was saved. */
export function StationImportReport({ rows }: { rows: readonly ImportRowProblem[] }) {
  const { i18n } = useLingui();
  const count = rows.length;
  return (
    <section aria-labelledby="station-import-report">
      <Title order={2} size="h3" id="station-import-report" c="red.8">
        <Trans>Rows to correct</Trans>
      </Title>
      <Text mb="xs">
        <Plural
          value={count}
          one="The file has # problem. Nothing was saved: correct the file and choose it again."
          other="The file has # problems. Nothing was saved: correct the file and choose it again."
        />
      </Text>
      <KeyboardScrollContainer minWidth={480} aria-labelledby="station-import-report">
        <Table aria-labelledby="station-import-report">
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
              const reason = rowReason(row);
              return (
                <Table.Tr key={`${row.line}-${row.field}-${row.code}`}>
                  <Table.Td>{row.line}</Table.Td>
                  <Table.Td>{i18n._(rowFieldLabel(row.field))}</Table.Td>
                  <Table.Td>{reason ? i18n._(reason) : row.message}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </KeyboardScrollContainer>
    </section>
  );
}
