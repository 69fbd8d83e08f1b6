import { Trans } from "@lingui/react/macro";
import type { LoadFailure } from "../../../shared/machines/load-failure";
import { LoadFailureText } from "../../../shared/ui/LoadFailureText";

/** Why the stations section or the assignment dialog could not load. */
export function StationsLoadFailureText({ error }: { error: LoadFailure }) {
  return (
    <LoadFailureText
      error={error}
      words={{
        forbidden: <Trans>You are not allowed to see these polling stations.</Trans>,
        notFound: <Trans>This observer does not exist or was deleted.</Trans>,
        failed: <Trans>The polling stations could not be loaded. Try again.</Trans>,
        failedWithStatus: (status) => <Trans>The polling stations could not be loaded (error {status}). Try again.</Trans>,
      }}
    />
  );
}
