import { Trans } from "@lingui/react/macro";
import { ComingSoonPage } from "../../shared/ui/ComingSoonPage";

export function FormList() {
  return <ComingSoonPage title={<Trans id="FORMS">Forms</Trans>} />;
}
