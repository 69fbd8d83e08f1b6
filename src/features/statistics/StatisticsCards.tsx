import { Trans } from "@lingui/react/macro";
import { ComingSoonPage } from "../../shared/ui/ComingSoonPage";

export function StatisticsCards() {
  return <ComingSoonPage title={<Trans id="STATISTICS">Statistics</Trans>} />;
}
