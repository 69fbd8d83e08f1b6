import type { ReactNode } from "react";
import { Button, Group, Modal, Text } from "@mantine/core";
import { Trans } from "@lingui/react/macro";

interface ConfirmDialogProps {
  opened: boolean;
  title: ReactNode;
  message: ReactNode;
  confirmLabel: ReactNode;
  /** The confirmed action is pending: the dialog stays open, its buttons wait. */
  busy?: boolean;
  /** How far the pending action has got, shown under the question while busy. */
  progress?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before a destructive action. Controlled by its page's machine, so it cannot close while the action runs. */
export function ConfirmDialog({ opened, title, message, confirmLabel, busy = false, progress, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={busy ? () => {} : onCancel} title={title} withCloseButton={!busy} centered>
      <Text>{message}</Text>
      {busy && progress ? (
        <Text size="sm" c="dimmed" mt="xs" role="status">
          {progress}
        </Text>
      ) : null}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={busy}>
          <Trans id="CANCEL">Cancel</Trans>
        </Button>
        <Button color="red" onClick={onConfirm} loading={busy} data-autofocus>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
