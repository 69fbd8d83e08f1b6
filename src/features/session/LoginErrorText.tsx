import { Trans } from "@lingui/react/macro";
import type { LoginError } from "./login-error";
import { commonMessages } from "../../shared/i18n/common-messages";
import { CommonMessage } from "../../shared/ui/CommonMessage";

export function LoginErrorText({ error }: { error: LoginError }) {
  switch (error.code) {
    case "credentials_invalid":
      return <Trans id="CREDENTIALS_INVALID">Invalid credentials</Trans>;
    case "rate_limited": {
      const seconds = error.retryAfterSeconds;
      return seconds === null ? (
        <Trans>Too many attempts, try again later.</Trans>
      ) : (
        <Trans comment="{seconds} is a number of seconds; s is the unit symbol">
          Too many attempts, try again in {seconds} s.
        </Trans>
      );
    }
    case "token_invalid":
      return error.reason === "not_jwt" ? (
        <Trans>The inspected token doesn't appear to be a JWT</Trans>
      ) : (
        <Trans>Cannot decode the token.</Trans>
      );
    case "network":
      return <CommonMessage message={commonMessages.cannotReachServer} />;
    case "unexpected": {
      const status = error.status;
      return <Trans comment="{status} is an HTTP status code such as 500">The server could not sign you in (error {status}). Try again later.</Trans>;
    }
  }
}
