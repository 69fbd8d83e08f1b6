import { Trans } from "@lingui/react/macro";
import type { LoadFailure } from "../../../shared/machines/load-failure";
import { LoadFailureText } from "../../../shared/ui/LoadFailureText";

/** Why the answers of a thread (or one of its forms) could not be loaded, in the user's words. */
export function DetailsLoadErrorText({ error }: { error: LoadFailure }) {
  return (
    <LoadFailureText
      error={error}
      words={{
        forbidden: <Trans>You are not allowed to see these answers.</Trans>,
        notFound: <Trans>This observer or polling station does not exist, or is outside your NGO.</Trans>,
        failed: <Trans>The answers could not be loaded. Try again.</Trans>,
        failedWithStatus: (status) => <Trans>The answers could not be loaded (error {status}). Try again.</Trans>,
      }}
    />
  );
}
