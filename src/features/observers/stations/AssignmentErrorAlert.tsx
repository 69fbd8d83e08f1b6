import { Alert, Button, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { assignmentErrorMessage } from "./station-assign.messages";

type AssignmentError = Parameters<typeof assignmentErrorMessage>[0];

/** Why an assignment was not saved, with Try again when sending the same change again can help. */
export function AssignmentErrorAlert({ error, canRetry, onRetry }: { error: AssignmentError | null; canRetry: boolean; onRetry: () => void }) {
  const { i18n } = useLingui();
  if (!error) return null;
  return (
    <Alert color="red" role="alert" title={<Trans id="ERROR">Error</Trans>}>
      <Text size="sm" mb={canRetry ? "xs" : 0}>
        {i18n._(assignmentErrorMessage(error))}
      </Text>
      {canRetry ? (
        <Button size="compact-sm" variant="light" color="red" onClick={onRetry}>
          <Trans comment="Button in an error message: send the failed change again">Try again</Trans>
        </Button>
      ) : null}
    </Alert>
  );
}
