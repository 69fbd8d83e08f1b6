import { Trans } from "@lingui/react/macro";
import { ComingSoonPage } from "../../shared/ui/ComingSoonPage";

export function AnswerShow() {
  return <ComingSoonPage headingLevel={2} title={<Trans>Answer details</Trans>} />;
}
