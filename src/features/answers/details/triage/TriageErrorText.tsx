import { Trans } from "@lingui/react/macro";
import type { MutationError } from "../../../../shared/machines/mutation.machine";
import { commonMessages } from "../../../../shared/i18n/common-messages";
import { CommonMessage } from "../../../../shared/ui/CommonMessage";
import type { LoadFailure } from "../../../../shared/machines/load-failure";
import { LoadFailureText } from "../../../../shared/ui/LoadFailureText";

/** Why a triage change failed, in the user's words. */
export function TriageErrorText({ error }: { error: MutationError }) {
  if (error.status === 0) return <CommonMessage message={commonMessages.cannotReachServer} />;
  if (error.status === 403) return <CommonMessage message={commonMessages.notAllowed} />;
  if (error.status === 404) return <Trans>This thread has no answers any more, or is outside your NGO.</Trans>;
  const status = error.status;
  return <Trans>The change could not be saved (error {status}). Try again.</Trans>;
}

/** Why the triage of a thread could not be loaded. */
export function TriageLoadErrorText({ error }: { error: LoadFailure }) {
  return (
    <LoadFailureText
      error={error}
      words={{
        forbidden: <Trans>You are not allowed to triage this thread.</Trans>,
        notFound: <Trans>This observer or polling station does not exist, or is outside your NGO.</Trans>,
        failed: <Trans>The triage could not be loaded. Try again.</Trans>,
        failedWithStatus: (status) => <Trans>The triage could not be loaded (error {status}). Try again.</Trans>,
      }}
    />
  );
}
