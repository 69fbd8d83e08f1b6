import { Trans } from "@lingui/react/macro";
import type { LoadFailure } from "../../../shared/machines/load-failure";
import { commonMessages } from "../../../shared/i18n/common-messages";
import { CommonMessage } from "../../../shared/ui/CommonMessage";

/** Why the answers of a thread (or one of its forms) could not be loaded, in the user's words. */
export function DetailsLoadErrorText({ error }: { error: LoadFailure }) {
  switch (error.code) {
    case "network":
      return <CommonMessage message={commonMessages.cannotReachServer} />;
    case "forbidden":
      return <Trans>You are not allowed to see these answers.</Trans>;
    case "not_found":
      return <Trans>This observer or polling station does not exist, or is outside your NGO.</Trans>;
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
