import { Trans } from "@lingui/react/macro";
import type { LoadFailure } from "../../../shared/machines/load-failure";
import { LoadFailureText } from "../../../shared/ui/LoadFailureText";

/** Why the coverage figures (or the stations behind one) could not be loaded, in the user's words. */
export function CoverageLoadErrorText({ error }: { error: LoadFailure }) {
  return (
    <LoadFailureText
      error={error}
      words={{
        forbidden: <Trans>You are not allowed to see the coverage.</Trans>,
        failed: <Trans>The coverage could not be loaded. Try again.</Trans>,
        failedWithStatus: (status) => <Trans>The coverage could not be loaded (error {status}). Try again.</Trans>,
      }}
    />
  );
}
