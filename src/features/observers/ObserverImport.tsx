import { Trans } from "@lingui/react/macro";
import { ComingSoonPage } from "../../shared/ui/ComingSoonPage";

export function ObserverImport() {
  return <ComingSoonPage title={<Trans id="OBSERVERS_IMPORT">Import observers</Trans>} />;
}
