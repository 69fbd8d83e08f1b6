import { Badge, Button, Card, Checkbox, Group, SimpleGrid, Text } from "@mantine/core";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import type { Candidate } from "./notification-composer.machine";
import { formatDateTime } from "../../shared/i18n/time-format";

interface NotificationCandidatesProps {
  found: Candidate[];
  selection: number[];
  disabled: boolean;
  onToggle: (id: number) => void;
  onSelectAll: () => void;
  onDeselectAll: () => void;
}

function CandidateCard({ candidate, selected, disabled, onToggle }: { candidate: Candidate; selected: boolean; disabled: boolean; onToggle: () => void }) {
  const { t, i18n } = useLingui();
  const { name, phone, lastSeen, pollingStations, reachable } = candidate;
  return (
    <Card withBorder component="li" aria-label={name} data-selected={selected || undefined}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Text fw={600}>{name}</Text>
          <Text size="sm">{phone}</Text>
          {pollingStations ? (
            <Text size="sm" data-testid="candidate-stations">
              {pollingStations.join(", ")}
            </Text>
          ) : null}
          <Text size="sm" c="dimmed">
            {lastSeen ? (
              <Trans comment="When the observer was last active">
                Last seen <time dateTime={lastSeen}>{formatDateTime(lastSeen, i18n.locale)}</time>
              </Trans>
            ) : (
              <Trans comment="An observer who was never active">Never seen</Trans>
            )}
          </Text>
        </div>
        <Checkbox
          checked={selected}
          disabled={disabled}
          onChange={onToggle}
          aria-label={t({ message: `Select ${name}`, comment: "Accessible label of a row's checkbox" })}
        />
      </Group>
      <Badge mt="sm" variant="light" color={reachable ? "green" : "gray"}>
        {reachable ? (
          <Trans comment="Badge: the observer has a phone registered for push">Device registered</Trans>
        ) : (
          <Trans comment="Badge: the observer has no phone registered for push">No device</Trans>
        )}
      </Badge>
    </Card>
  );
}

/** The observers found, as cards to select, with Select all / Deselect all and the selected count. */
export function NotificationCandidates({ found, selection, disabled, onToggle, onSelectAll, onDeselectAll }: NotificationCandidatesProps) {
  const { t } = useLingui();
  const count = selection.length;
  const everySelected = found.length > 0 && found.every((candidate) => selection.includes(candidate.id));
  return (
    <>
      <Group justify="space-between">
        <Text fw={500} role="status" data-testid="selected-count">
          <Plural id="OBSERVERS_SELECTED" value={count} one="# observer selected" other="# observers selected" />
        </Text>
        <Button variant="default" onClick={everySelected ? onDeselectAll : onSelectAll} disabled={disabled || found.length === 0}>
          {everySelected ? (
            <Trans comment="Button: unselect every observer found">Deselect all</Trans>
          ) : (
            <Trans comment="Button: select every observer found">Select all</Trans>
          )}
        </Button>
      </Group>
      {found.length === 0 ? (
        <Text c="dimmed">
          <Trans comment="The notification recipients search found nobody, or none was run yet">
            No observers to show: choose a county and search.
          </Trans>
        </Text>
      ) : (
        <SimpleGrid
          component="ul"
          cols={{ base: 1, sm: 2, lg: 3 }}
          spacing="sm"
          p={0}
          m={0}
          style={{ listStyle: "none" }}
          aria-label={t({ message: "Observers found", comment: "Accessible name of the list of notification recipients" })}
        >
          {found.map((candidate) => (
            <CandidateCard
              key={candidate.id}
              candidate={candidate}
              selected={selection.includes(candidate.id)}
              disabled={disabled}
              onToggle={() => onToggle(candidate.id)}
            />
          ))}
        </SimpleGrid>
      )}
    </>
  );
}
