import { Alert } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import { useParams } from "react-router";
import { AnswerDetails } from "./details/AnswerDetails";
import { threadFromParams } from "./list/answer-list.url";

/** The child route details/:idObserver/:idPollingStation of /answers and /urgents (lazily loaded). */
export function AnswerShow() {
  if (threadFromParams(useParams()) === null) {
    return (
      <Alert color="orange" role="alert" title={<Trans>This link does not name an answer thread</Trans>}>
        <Trans>The observer and the polling station in the address must be numbers. Pick a thread from the list.</Trans>
      </Alert>
    );
  }
  return <AnswerDetails />;
}
