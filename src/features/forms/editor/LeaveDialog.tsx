import { Button, Group, Modal, Text } from "@mantine/core";
import { Trans } from "@lingui/react/macro";

interface LeaveDialogProps {
  opened: boolean;
  onStay: () => void;
  /** Throws the unsaved edits away and lets the navigation go on. */
  onLeave: () => void;
}

/**
 * Asked when the user sets out for another page with edits not saved (the editor's `confirmingLeave`). Its words are
 * the shared leave guard's (src/shared/ui/LeaveGuard.tsx, which gives translators their context): one translation each.
 */
export function LeaveDialog({ opened, onStay, onLeave }: LeaveDialogProps) {
  return (
    <Modal opened={opened} onClose={onStay} title={<Trans>Unsaved changes</Trans>} centered>
      <Text>
        <Trans>Your changes are not saved. Leave this page and discard them?</Trans>
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onStay} data-autofocus>
          <Trans>Stay</Trans>
        </Button>
        <Button color="red" onClick={onLeave}>
          <Trans>Discard and leave</Trans>
        </Button>
      </Group>
    </Modal>
  );
}
