import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import type { MutationError } from "../../shared/machines/mutation.machine";
import { commonMessages } from "../../shared/i18n/common-messages";
import { CommonMessage } from "../../shared/ui/CommonMessage";
import type { SendResult } from "./notification-composer.machine";
import { providerLabels } from "./notifications.messages";
import { NotificationReach } from "./NotificationReach";

/**
 * What the server recorded: the same three numbers, counted by the server, and whether it was pushed. `webPush` is
 * the server's (getNotificationProvider): with the outbox, Web Push is then the only channel that pushed.
 */
export function NotificationSent({ result, webPush, onNew }: { result: SendResult; webPush: boolean; onNew: () => void }) {
  const { i18n } = useLingui();
  const provider = i18n._(providerLabels[result.provider]);
  return (
    <Alert color="green" role="status" title={<Trans comment="Title: the notification was recorded">Notification sent</Trans>} data-testid="send-result">
      <Stack gap="sm">
        <NotificationReach reach={{ addressed: result.recipients, reachable: result.reachable, notReachable: result.notReachable }} testId="result-reach" />
        <Text size="sm">
          <Trans comment="Which push provider the notification went through">Provider: {provider}</Trans>
        </Text>
        {result.provider === "outbox" ? (
          <Text size="sm">
            {webPush ? (
              <Trans comment="After a send with no push provider for the phone apps, but Web Push to the observers' web app">
                It was pushed only to observers who turned on notifications in the observers' web app: no push provider is configured for the phone apps.
              </Trans>
            ) : (
              <Trans comment="After a send with no push provider">It was recorded, but not pushed to any phone: no push provider is configured.</Trans>
            )}
          </Text>
        ) : null}
        <Group>
          <Button variant="default" onClick={onNew}>
            <Trans comment="Button: compose another notification">New notification</Trans>
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function FailureReason({ error }: { error: MutationError }) {
  if (error.status === 0) return <CommonMessage message={commonMessages.cannotReachServer} />;
  if (error.status === 403) return <Trans comment="A send refused: a recipient is outside the admin's NGO">You are not allowed to notify some of these observers.</Trans>;
  if (error.status === 400) return <Trans comment="A send refused as invalid">The server refused this notification: check the message and the recipients.</Trans>;
  const status = error.status;
  return <Trans comment="A send failed on the server">The notification could not be sent (error {status}).</Trans>;
}

/** A failed send: a retry sends the same key, so it can never send twice; a refusal goes back to editing. */
export function NotificationSendFailed({ error, canRetry, onRetry, onEdit }: { error: MutationError; canRetry: boolean; onRetry: () => void; onEdit: () => void }) {
  return (
    <Alert color="red" role="alert" title={<Trans id="ERROR" comment="Title of an error message">Error</Trans>} data-testid="send-failure">
      <Text size="sm">
        <FailureReason error={error} />
      </Text>
      <Group mt="sm">
        {canRetry ? (
          <Button color="red" onClick={onRetry}>
            <Trans id="TRY_AGAIN_MSG">Try again</Trans>
          </Button>
        ) : null}
        <Button variant="default" onClick={onEdit}>
          <Trans comment="Button: back to the notification after a failed send">Edit the notification</Trans>
        </Button>
      </Group>
    </Alert>
  );
}
