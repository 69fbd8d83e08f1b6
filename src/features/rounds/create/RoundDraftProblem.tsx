import { Trans } from "@lingui/react/macro";
import { ROUND_NAME_MAX, type RoundDraftProblem } from "./round-draft";

/** What is wrong with a field of the wizard, in the user's words; nothing when nothing is. */
export function RoundDraftProblemText({ problem }: { problem: RoundDraftProblem | undefined }) {
  switch (problem) {
    case undefined:
      return null;
    case "required":
      return <Trans comment="Field error of the wizard of a new round">This field is required.</Trans>;
    case "tooLong":
      return <Trans>The name can be at most {ROUND_NAME_MAX} characters long.</Trans>;
    case "taken":
      return <Trans>Another election round already has this name.</Trans>;
    case "invalid":
      return <Trans>Enter a valid date.</Trans>;
    case "none":
      return <Trans>Choose at least one NGO.</Trans>;
  }
}
