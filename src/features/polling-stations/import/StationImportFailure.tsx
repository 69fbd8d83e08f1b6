import { Alert, Button, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ImportFailure } from "./station-import.machine";
import { failureMessage } from "./station-import.messages";

interface StationImportFailureProps {
  step: "checkFailed" | "commitFailed";
  failure: ImportFailure;
  /** Offered for a failure of the network or the server only. */
  onRetry: (() => void) | null;
}

/** Why the dry run or the import failed, with Try again where it can help. */
export function StationImportFailure({ step, failure, onRetry }: StationImportFailureProps) {
  const { i18n } = useLingui();
  return (
    <Alert
      color="red"
      role="alert"
      title={step === "checkFailed" ? <Trans>Could not check the file</Trans> : <Trans>Could not import the file</Trans>}
    >
      <Text mb={onRetry ? "sm" : 0}>{i18n._(failureMessage(failure))}</Text>
      {onRetry ? (
        <Button onClick={onRetry}>
          <Trans comment="Button: send the failed upload again">Try again</Trans>
        </Button>
      ) : null}
    </Alert>
  );
}
