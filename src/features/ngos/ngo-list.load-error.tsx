import { Trans } from "@lingui/react/macro";
import type { LoadFailure } from "../../shared/machines/load-failure";
import { LoadFailureText } from "../../shared/ui/LoadFailureText";

/** Why the NGOs (or an NGO's admins) could not be loaded, in the user's words. */
export function NgoListLoadErrorText({ error }: { error: LoadFailure }) {
  return (
    <LoadFailureText
      error={error}
      words={{
        forbidden: <Trans>You are not allowed to see these NGOs.</Trans>,
        failed: <Trans>The list could not be loaded. Try again.</Trans>,
        failedWithStatus: (status) => <Trans>The list could not be loaded (error {status}). Try again.</Trans>,
      }}
    />
  );
}
