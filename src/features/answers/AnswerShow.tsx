import { Trans } from "@lingui/react/macro";
import { ComingSoonPage } from "../../shared/ui/ComingSoonPage";

export function AnswerShow() {
  return <ComingSoonPage title={<Trans>Answer details</Trans>} />;
}
