import type { ReactNode } from "react";
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Switch, Table, Tabs, Text, Title } from "@mantine/core";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { KeyboardScrollContainer } from "../../../shared/ui/KeyboardScrollContainer";
import { MissingFact } from "../MissingFact";
import { fieldLabels } from "../polling-stations.messages";
import { changeCount, stationCount, type ImportResult } from "./station-import.machine";

type DiffEntry = ImportResult["diff"]["added"][number];
type DiffKind = "added" | "changed" | "retired";

/** One number of the diff, large, with its word under it. */
function Count({ value, children, testId }: { value: number; children: ReactNode; testId: string }) {
  const { i18n } = useLingui();
  return (
    <Paper withBorder p="sm" data-testid={testId}>
      <Text fz="xl" fw={700}>
        {i18n.number(value)}
      </Text>
      <Text size="sm">{children}</Text>
    </Paper>
  );
}

/** "county: Cluj → Cluj-Napoca" for each field a changed station differs in. */
function Changes({ entry }: { entry: DiffEntry }) {
  const { i18n } = useLingui();
  if (entry.changes.length === 0) return null;
  return (
    <ul style={{ margin: 0, paddingInlineStart: "1rem" }}>
      {entry.changes.map((change) => (
        <li key={change.field}>
          {i18n._(fieldLabels[change.field])}: {change.before ?? <MissingFact />} → {change.after ?? <MissingFact />}
        </li>
      ))}
    </ul>
  );
}

function DiffTable({ kind, entries, total }: { kind: DiffKind; entries: DiffEntry[]; total: number }) {
  const { t, i18n } = useLingui();
  const names: Record<DiffKind, string> = {
    added: t({ message: "Stations to add", comment: "Accessible name of the import diff's table of new stations" }),
    changed: t({ message: "Stations to change", comment: "Accessible name of the import diff's table of changed stations" }),
    retired: t({ message: "Stations to retire", comment: "Accessible name of the import diff's table of stations to retire" }),
  };
  const more = total - entries.length;
  return (
    <Stack gap="xs">
      <KeyboardScrollContainer minWidth={640} aria-label={names[kind]}>
        <Table aria-label={names[kind]} data-testid={`station-diff-${kind}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{i18n._(fieldLabels.county)}</Table.Th>
              <Table.Th>{i18n._(fieldLabels.number)}</Table.Th>
              <Table.Th>{i18n._(fieldLabels.locality)}</Table.Th>
              <Table.Th>{i18n._(fieldLabels.institution)}</Table.Th>
              {kind === "changed" ? (
                <Table.Th>
                  <Trans comment="Column of the import diff: each changed fact, before and after">Changes</Trans>
                </Table.Th>
              ) : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry) => (
              <Table.Tr key={`${entry.countyCode}-${entry.number}`}>
                <Table.Td>{entry.countyCode}</Table.Td>
                <Table.Td>
                  {entry.number}
                  {entry.reactivated ? (
                    <Badge ml="xs" size="sm" variant="light" color="blue">
                      <Trans comment="Badge: a retired station that the import makes active again">Reactivated</Trans>
                    </Badge>
                  ) : null}
                </Table.Td>
                <Table.Td>{entry.locality ?? <MissingFact />}</Table.Td>
                <Table.Td>{entry.institution ?? <MissingFact />}</Table.Td>
                {kind === "changed" ? (
                  <Table.Td>
                    <Changes entry={entry} />
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </KeyboardScrollContainer>
      {more > 0 ? (
        <Text size="sm" c="dimmed">
          <Plural value={more} one="… and # more station, not listed here." other="… and # more stations, not listed here." />
        </Text>
      ) : null}
    </Stack>
  );
}

interface StationImportDiffProps {
  review: ImportResult;
  retireMissing: boolean;
  canCommit: boolean;
  canEditMapping: boolean;
  onRetireMissingChange: (retireMissing: boolean) => void;
  onEditMapping: () => void;
  onCommit: () => void;
}

/** The dry run's answer: the counts, the stations of each kind, the retire switch and Import. */
export function StationImportDiff({ review, retireMissing, canCommit, canEditMapping, onRetireMissingChange, onEditMapping, onCommit }: StationImportDiffProps) {
  const { t, i18n } = useLingui();
  const kinds: DiffKind[] = (["added", "changed", "retired"] as const).filter((kind) => review[kind] > 0);
  const [added, changed, retired] = [review.added, review.changed, review.retired].map((count) => i18n.number(count));
  const changes = changeCount(review);
  const listed = stationCount(review);
  // A file that leaves out more stations than it lists is most likely part of the registry (one county).
  const retiresMost = review.retired > listed;
  const tabLabels: Record<DiffKind, ReactNode> = {
    added: <Trans comment="Tab of the import diff: new stations">Added ({added})</Trans>,
    changed: <Trans comment="Tab of the import diff: changed stations">Changed ({changed})</Trans>,
    retired: <Trans comment="Tab of the import diff: stations to retire">Retired ({retired})</Trans>,
  };
  return (
    <section aria-labelledby="station-import-diff">
      <Stack gap="md">
        <Title order={2} size="h3" id="station-import-diff">
          <Trans comment="Heading of the import's dry-run result">What the import will do</Trans>
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }} maw={720}>
          <Count value={review.added} testId="station-import-added">
            <Trans comment="Import count: stations the import adds">to add</Trans>
          </Count>
          <Count value={review.changed} testId="station-import-changed">
            <Trans comment="Import count: stations whose facts the import changes">to change</Trans>
          </Count>
          <Count value={review.retired} testId="station-import-retired">
            <Trans comment="Import count: active stations the file leaves out, to be retired">to retire</Trans>
          </Count>
          <Count value={review.unchanged} testId="station-import-unchanged">
            <Trans comment="Import count: stations the file lists as they already are">unchanged</Trans>
          </Count>
        </SimpleGrid>
        {retiresMost ? (
          <Alert color="yellow" data-testid="station-import-retires-most">
            <Trans>
              The file leaves out most of the registry: {retired} stations would be retired. To import part of the registry, such as one
              county, turn off the switch below.
            </Trans>
          </Alert>
        ) : null}
        <Switch
          checked={retireMissing}
          onChange={(event) => onRetireMissingChange(event.currentTarget.checked)}
          label={t({ message: "Retire the stations missing from the file", comment: "Switch of the import: retire the active stations the file does not list" })}
          description={t({
            message: "Turn it off to import part of the registry, such as one county. A retired station keeps its answers and notes.",
            comment: "Help under the import's retire switch",
          })}
        />
        {kinds.length > 0 ? (
          <Tabs defaultValue={kinds[0]} keepMounted={false}>
            <Tabs.List>
              {kinds.map((kind) => (
                <Tabs.Tab key={kind} value={kind}>
                  {tabLabels[kind]}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {kinds.map((kind) => (
              <Tabs.Panel key={kind} value={kind} pt="sm">
                <DiffTable kind={kind} entries={review.diff[kind]} total={review[kind]} />
              </Tabs.Panel>
            ))}
          </Tabs>
        ) : (
          <Text role="status">
            <Trans>Nothing to import: the registry already matches this file.</Trans>
          </Text>
        )}
        <Group>
          <Button onClick={onCommit} disabled={!canCommit}>
            <Plural value={changes} one="Import # change" other="Import # changes" />
          </Button>
          {canEditMapping ? (
            <Button variant="default" onClick={onEditMapping}>
              <Trans comment="Button: go back to the import's column matching">Change the columns</Trans>
            </Button>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">
          <Plural value={listed} one="The file lists # station." other="The file lists # stations." />
        </Text>
      </Stack>
    </section>
  );
}
