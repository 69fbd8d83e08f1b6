import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { plural } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { Audience } from "./notification-composer.machine";
import { NotificationReach, type Reach } from "./NotificationReach";

interface NotificationSendConfirmProps {
  opened: boolean;
  audience: Audience;
  reach: Reach;
  /** Said again before the send: the composer's warning that not every phone app will be pushed to. */
  warning: MessageDescriptor | null;
  sending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** NOTIFICATION_SEND_CONFIRMATION with the count; it cannot close, and Send cannot be pressed again, while sending. */
export function NotificationSendConfirm({ opened, audience, reach, warning, sending, onConfirm, onCancel }: NotificationSendConfirmProps) {
  const { t, i18n } = useLingui();
  const count = reach.addressed;
  return (
    <Modal
      opened={opened}
      onClose={sending ? () => {} : onCancel}
      withCloseButton={!sending}
      centered
      title={t({ message: "Send notification", comment: "Title of the dialog that confirms a notification" })}
    >
      <Stack gap="sm">
        {audience === "selected" ? (
          <>
            <Text>
              {t({
                id: "NOTIFICATION_SEND_CONFIRMATION",
                message: plural(count, { one: "Send this notification to # observer?", other: "Send this notification to # observers?" }),
              })}
            </Text>
            <NotificationReach reach={reach} testId="confirm-reach" />
          </>
        ) : (
          <Text>
            <Trans comment="Confirmation of a notification to every observer">
              Send this notification to every observer you manage? How many it reaches is shown once it is recorded.
            </Trans>
          </Text>
        )}
        {warning ? (
          <Alert color="yellow" role="note" data-testid="confirm-outbox">
            {i18n._(warning)}
          </Alert>
        ) : null}
      </Stack>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={sending}>
          <Trans id="CANCEL">Cancel</Trans>
        </Button>
        <Button color="green" onClick={onConfirm} loading={sending}>
          <Trans comment="Button: confirm sending the notification">Send</Trans>
        </Button>
      </Group>
    </Modal>
  );
}
