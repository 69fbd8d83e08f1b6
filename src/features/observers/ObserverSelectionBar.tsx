import { Button, Group, Paper, Text } from "@mantine/core";
import { Plural, Trans } from "@lingui/react/macro";
import type { MutationProgress } from "../../shared/machines/mutation.machine";

interface ObserverSelectionBarProps {
  count: number;
  /** Set while the selected observers are being deleted: how many of them have been answered. */
  deleting: MutationProgress | null;
  onDelete: () => void;
  onNotify: () => void;
  onAssign: () => void;
}

export function DeleteProgress({ done, total }: MutationProgress) {
  return (
    <Trans comment="Progress of a bulk delete: {done} of {total} observers handled">
      Deleting: {done} of {total}
    </Trans>
  );
}

/** Shown while observers are selected: how many, and what can be done with all of them. */
export function ObserverSelectionBar({ count, deleting, onDelete, onNotify, onAssign }: ObserverSelectionBarProps) {
  return (
    <Paper withBorder p="sm" bg="var(--mantine-primary-color-light)" data-testid="selection-bar">
      <Group justify="space-between">
        <Text fw={500} role="status">
          <Plural id="OBSERVERS_SELECTED" value={count} one="# observer selected" other="# observers selected" />
          {deleting ? (
            <Text span c="dimmed" ml="sm" data-testid="delete-progress">
              <DeleteProgress {...deleting} />
            </Text>
          ) : null}
        </Text>
        <Group gap="xs">
          <Button color="red" variant="light" onClick={onDelete} loading={deleting !== null}>
            <Trans id="DELETE" comment="Button or menu item: delete">Delete</Trans>
          </Button>
          <Button variant="light" onClick={onAssign} disabled={deleting !== null}>
            <Trans comment="Button: assign the selected observers to polling stations">Assign to stations</Trans>
          </Button>
          <Button onClick={onNotify} disabled={deleting !== null}>
            <Trans id="SEND_NOTIF" comment="Button: send a notification to the selected observers">Send notification</Trans>
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
