import { Trans } from "@lingui/react/macro";
import { ComingSoonPage } from "../../shared/ui/ComingSoonPage";

export function NotificationSend() {
  return <ComingSoonPage title={<Trans id="NOTIFICATIONS">Notifications</Trans>} />;
}
