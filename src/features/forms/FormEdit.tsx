import { Trans } from "@lingui/react/macro";
import { ComingSoonPage } from "../../shared/ui/ComingSoonPage";

export function FormEdit() {
  return <ComingSoonPage title={<Trans id="FORM_EDIT">Edit form</Trans>} />;
}
