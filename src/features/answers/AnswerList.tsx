import { Outlet } from "react-router";
import { Trans } from "@lingui/react/macro";
import { ComingSoonPage } from "../../shared/ui/ComingSoonPage";

export function AnswerList() {
  return (
    <ComingSoonPage title={<Trans id="ANSWERS">Answers</Trans>}>
      <Outlet />
    </ComingSoonPage>
  );
}
