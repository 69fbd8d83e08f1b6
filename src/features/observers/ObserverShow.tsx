import { Trans } from "@lingui/react/macro";
import { ComingSoonPage } from "../../shared/ui/ComingSoonPage";

export function ObserverShow() {
  return <ComingSoonPage title={<Trans>Observer profile</Trans>} />;
}
