import { Trans } from "@lingui/react/macro";
import type { LoadFailure } from "../../../shared/machines/load-failure";
import { LoadFailureText } from "../../../shared/ui/LoadFailureText";

/** Why the registry could not be loaded, in the user's words. */
export function StationListLoadErrorText({ error }: { error: LoadFailure }) {
  return (
    <LoadFailureText
      error={error}
      words={{
        forbidden: <Trans>You are not allowed to see the polling stations.</Trans>,
        failed: <Trans>The polling stations could not be loaded. Try again.</Trans>,
        failedWithStatus: (status) => <Trans>The polling stations could not be loaded (error {status}). Try again.</Trans>,
      }}
    />
  );
}
