import { Trans } from "@lingui/react/macro";
import { ComingSoonPage } from "../../shared/ui/ComingSoonPage";

export function NgoList() {
  return <ComingSoonPage title={<Trans comment="Non-governmental organisations, plural">NGOs</Trans>} />;
}
