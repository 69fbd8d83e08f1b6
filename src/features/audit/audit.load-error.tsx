import { Trans } from "@lingui/react/macro";
import type { LoadFailure } from "../../shared/machines/load-failure";
import { LoadFailureText } from "../../shared/ui/LoadFailureText";

/** Why the activity log could not be loaded, in the user's words. */
export function AuditLoadErrorText({ error }: { error: LoadFailure }) {
  return (
    <LoadFailureText
      error={error}
      words={{
        forbidden: <Trans>Only organizers can read the activity log.</Trans>,
        failed: <Trans>The activity log could not be loaded. Try again.</Trans>,
        failedWithStatus: (status) => <Trans>The activity log could not be loaded (error {status}). Try again.</Trans>,
      }}
    />
  );
}
