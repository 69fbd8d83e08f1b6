import { Button, Group, Paper, Text } from "@mantine/core";
import { Plural, Trans } from "@lingui/react/macro";

interface ObserverSelectionBarProps {
  count: number;
  onDelete: () => void;
  onNotify: () => void;
}

/** Shown while observers are selected: how many, and what can be done with all of them. */
export function ObserverSelectionBar({ count, onDelete, onNotify }: ObserverSelectionBarProps) {
  return (
    <Paper withBorder p="sm" bg="var(--mantine-primary-color-light)" data-testid="selection-bar">
      <Group justify="space-between">
        <Text fw={500} role="status">
          <Plural id="OBSERVERS_SELECTED" value={count} one="# observer selected" other="# observers selected" />
        </Text>
        <Group gap="xs">
          <Button color="red" variant="light" onClick={onDelete}>
            <Trans id="DELETE" comment="Button or menu item: delete">Delete</Trans>
          </Button>
          <Button onClick={onNotify}>
            <Trans id="SEND_NOTIF" comment="Button: send a notification to the selected observers">Send notification</Trans>
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
