import { Trans } from "@lingui/react/macro";
import { ComingSoonPage } from "../../shared/ui/ComingSoonPage";

export function FormNew() {
  return <ComingSoonPage title={<Trans id="NEW_FORM">New form</Trans>} />;
}
