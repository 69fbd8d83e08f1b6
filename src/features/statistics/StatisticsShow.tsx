import { Trans } from "@lingui/react/macro";
import { ComingSoonPage } from "../../shared/ui/ComingSoonPage";

export function StatisticsShow() {
  return <ComingSoonPage title={<Trans>Statistics: complete list</Trans>} />;
}
