import { Alert, Text } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import type { LoadFailure } from "../../shared/machines/load-failure";
import { ListLoadError } from "../../shared/ui/ListLoadError";
import { LoadFailureText } from "../../shared/ui/LoadFailureText";

function Reason({ error }: { error: LoadFailure }) {
  return (
    <LoadFailureText
      error={error}
      words={{
        forbidden: <Trans comment="Notification recipients or history refused">You are not allowed to see these notifications or observers.</Trans>,
        failed: <Trans comment="Notification recipients or history could not be loaded">This could not be loaded.</Trans>,
        failedWithStatus: (status) => <Trans comment="Notification recipients or history failed with an HTTP status">This could not be loaded (error {status}).</Trans>,
      }}
    />
  );
}

/**
 * Why the observers, the history or the recipients could not be loaded. Without `onRetry` (the observers chosen on
 * another screen: going back there chooses them again) the alert offers no retry.
 */
export function NotificationLoadError({ error, onRetry }: { error: LoadFailure; onRetry?: () => void }) {
  if (onRetry) return <ListLoadError reason={<Reason error={error} />} onRetry={onRetry} />;
  return (
    <Alert color="red" role="alert" title={<Trans id="ERROR" comment="Title of an error message">Error</Trans>}>
      <Text size="sm">
        <Reason error={error} />
      </Text>
    </Alert>
  );
}
