import { Trans } from "@lingui/react/macro";
import { ComingSoonPage } from "../../shared/ui/ComingSoonPage";

export function ObserverList() {
  return <ComingSoonPage title={<Trans id="OBSERVERS">Observers</Trans>} />;
}
