import { Alert } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import { useParams } from "react-router";
import { AnswerDetails } from "./details/AnswerDetails";

/** A route id: a whole number from 1 up (the contract's ids), anything else is null. */
function idOf(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/** The child route details/:idObserver/:idPollingStation of /answers and /urgents (lazily loaded). */
export function AnswerShow() {
  const params = useParams();
  const observerId = idOf(params.idObserver);
  const pollingStationId = idOf(params.idPollingStation);
  if (observerId === null || pollingStationId === null) {
    return (
      <Alert color="orange" role="alert" title={<Trans>This link does not name an answer thread</Trans>}>
        <Trans>The observer and the polling station in the address must be numbers. Pick a thread from the list.</Trans>
      </Alert>
    );
  }
  return <AnswerDetails thread={{ observerId, pollingStationId }} />;
}
