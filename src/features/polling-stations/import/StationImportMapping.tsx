import type { FormEvent } from "react";
import { Button, Group, Select, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { fieldLabels } from "../polling-stations.messages";
import { MAPPED_FIELDS, REQUIRED_FIELDS, type ColumnMapping, type StationImportField } from "./station-import.machine";

interface StationImportMappingProps {
  headers: readonly string[];
  columns: ColumnMapping;
  canSubmit: boolean;
  onChoose: (field: StationImportField, header: string | null) => void;
  onSubmit: () => void;
}

/** The mapping step: for each fact, the file's column that holds it (county and number required). */
export function StationImportMapping({ headers, columns, canSubmit, onChoose, onSubmit }: StationImportMappingProps) {
  const { t, i18n } = useLingui();
  const options = [...new Set(headers.filter((header) => header.trim() !== ""))];

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (canSubmit) onSubmit();
  }

  return (
    <form onSubmit={submit} aria-labelledby="station-import-mapping" noValidate>
      <Stack gap="sm">
        <Title order={2} size="h3" id="station-import-mapping">
          <Trans comment="Heading of the import step that matches the file's columns to the station's facts">Match the columns</Trans>
        </Title>
        <Text>
          <Trans>The file's columns were not recognised. Choose the column that holds each fact; county and number are required.</Trans>
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} maw={720}>
          {MAPPED_FIELDS.map((field) => {
            const required = REQUIRED_FIELDS.includes(field);
            return (
              <Select
                key={field}
                label={i18n._(fieldLabels[field])}
                placeholder={t({ message: "Not in the file", comment: "Placeholder of a column choice when no column holds the fact" })}
                data={options}
                value={columns[field] ?? null}
                onChange={(header) => onChoose(field, header)}
                required={required}
                clearable={!required}
                allowDeselect={!required}
                searchable
                // Mantine's clear button is hidden from keyboards and screen readers: emptying the search clears the choice too.
                onSearchChange={(search) => (search === "" && !required && columns[field] ? onChoose(field, null) : undefined)}
                nothingFoundMessage={t({ message: "No such column", comment: "The column search of the import's mapping step matched nothing" })}
                data-testid={`station-import-column-${field}`}
              />
            );
          })}
        </SimpleGrid>
        <Group>
          <Button type="submit" disabled={!canSubmit}>
            <Trans comment="Button: run the dry run again with the chosen columns">Check with these columns</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
