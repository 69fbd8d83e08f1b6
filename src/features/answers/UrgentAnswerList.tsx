import { Outlet } from "react-router";
import { Trans } from "@lingui/react/macro";
import { ComingSoonPage } from "../../shared/ui/ComingSoonPage";

export function UrgentAnswerList() {
  return (
    <ComingSoonPage title={<Trans id="URGENT_HEADER">Urgent answers</Trans>}>
      <Outlet />
    </ComingSoonPage>
  );
}
