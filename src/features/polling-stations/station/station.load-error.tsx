import { Trans } from "@lingui/react/macro";
import type { LoadFailure } from "../../../shared/machines/load-failure";
import { LoadFailureText } from "../../../shared/ui/LoadFailureText";

/** Why a polling station could not be loaded, in the user's words. */
export function StationLoadErrorText({ error }: { error: LoadFailure }) {
  return (
    <LoadFailureText
      error={error}
      words={{
        forbidden: <Trans>You are not allowed to see this polling station.</Trans>,
        notFound: <Trans>This polling station does not exist.</Trans>,
        failed: <Trans>The polling station could not be loaded. Try again.</Trans>,
        failedWithStatus: (status) => <Trans>The polling station could not be loaded (error {status}). Try again.</Trans>,
      }}
    />
  );
}
