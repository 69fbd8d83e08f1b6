import { Trans } from "@lingui/react/macro";
import { ComingSoonPage } from "../../shared/ui/ComingSoonPage";

export function NgoShow() {
  return <ComingSoonPage title={<Trans comment="Non-governmental organisation">NGO profile</Trans>} />;
}
