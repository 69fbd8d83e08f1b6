import { Trans } from "@lingui/react/macro";
import type { SignInError } from "./observer-session.machine";

export function SignInErrorText({ error }: { error: SignInError }) {
  switch (error) {
    case "credentials_invalid":
      return <Trans>The phone number or the PIN is wrong.</Trans>;
    case "too_many_attempts":
      return <Trans>Too many attempts. Wait a minute, then try again.</Trans>;
    case "offline":
      return <Trans>There is no network. Signing in needs it once: try again where there is signal.</Trans>;
    case "other_observers_outbox":
      return <Trans>This phone holds reports of another observer that are not sent yet. That observer must sign in and send them first.</Trans>;
    case "failed":
      return <Trans>Signing in failed. Try again.</Trans>;
  }
}
