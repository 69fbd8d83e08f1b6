import { Trans } from "@lingui/react/macro";
import type { ListError } from "../../shared/machines/list.machine";

/** Why the NGOs (or an NGO's admins) could not be loaded, in the user's words. */
export function NgoListLoadErrorText({ error }: { error: ListError }) {
  switch (error.code) {
    case "network":
      return <Trans>Cannot reach the server. Check your connection and try again.</Trans>;
    case "forbidden":
      return <Trans>You are not allowed to see these NGOs.</Trans>;
    case "unexpected": {
      const status = error.status;
      return status === null ? (
        <Trans>The list could not be loaded. Try again.</Trans>
      ) : (
        <Trans>The list could not be loaded (error {status}). Try again.</Trans>
      );
    }
  }
}
