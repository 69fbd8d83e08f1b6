import { Trans } from "@lingui/react/macro";
import type { NgoFlagChange } from "./ngo-list.mutations";

/** What a flag change did, said from the flag the row showed before it. */
export function NgoFlagChanged({ ngo, flag }: NgoFlagChange) {
  if (flag === "active") return ngo.isActive ? <Trans>The NGO is now inactive</Trans> : <Trans>The NGO is now active</Trans>;
  return ngo.organizer ? <Trans>The NGO is no longer an organizer</Trans> : <Trans>The NGO is now an organizer</Trans>;
}
