import { Trans } from "@lingui/react/macro";
import type { LoadFailure } from "../../../shared/machines/load-failure";
import { commonMessages } from "../../../shared/i18n/common-messages";
import { CommonMessage } from "../../../shared/ui/CommonMessage";

/** Why the answers could not be loaded, in the user's words. */
export function AnswerListLoadErrorText({ error }: { error: LoadFailure }) {
  switch (error.code) {
    case "network":
      return <CommonMessage message={commonMessages.cannotReachServer} />;
    case "forbidden":
      return <Trans>You are not allowed to see these answers.</Trans>;
    case "not_found":
      return <Trans>The answers could not be loaded. Try again.</Trans>;
    case "unexpected": {
      const status = error.status;
      return status === null ? (
        <Trans>The answers could not be loaded. Try again.</Trans>
      ) : (
        <Trans>The answers could not be loaded (error {status}). Try again.</Trans>
      );
    }
  }
}
