import { Table, Text, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { IMPORT_COLUMNS, type CsvPreview } from "./observer-import.csv";
import { importFieldLabel } from "./observer-import.messages";

/** The first data rows of the chosen file, as read in the browser before anything is sent. */
export function ObserverImportPreview({ preview }: { preview: CsvPreview }) {
  const { i18n } = useLingui();
  const missing = preview.missingColumns.join(", ");
  return (
    <section aria-labelledby="observer-import-preview">
      <Title order={2} size="h4" id="observer-import-preview">
        <Trans>Preview of the first rows</Trans>
      </Title>
      {missing ? (
        <Text c="red.8" role="alert">
          <Trans>The first line lacks the columns: {missing}</Trans>
        </Text>
      ) : null}
      {preview.rows.length === 0 ? (
        <Text c="dimmed">
          <Trans>The file has no data rows.</Trans>
        </Text>
      ) : (
        <Table aria-labelledby="observer-import-preview">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans comment="Column: line number in the file">Line</Trans>
              </Table.Th>
              {IMPORT_COLUMNS.map((column) => (
                <Table.Th key={column}>{i18n._(importFieldLabel(column))}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.rows.map((row) => (
              <Table.Tr key={row.line}>
                <Table.Td>{row.line}</Table.Td>
                {IMPORT_COLUMNS.map((column) => (
                  <Table.Td key={column}>{row.values[column]}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </section>
  );
}
