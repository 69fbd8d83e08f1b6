import { Alert, Button, Group } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { CommonMessage } from "../../../shared/ui/CommonMessage";
import { commonMessages } from "../../../shared/i18n/common-messages";
import { selectError, type RoundCreateActor } from "./round-create.selectors";

/** The round was not created (nothing was: the copy is one transaction); Try again when the network or server failed. */
export function RoundCreateFailure({ wizard }: { wizard: RoundCreateActor }) {
  const error = useSelector(wizard, selectError);
  const canRetry = useSelector(wizard, (snapshot) => snapshot.can({ type: "round.retry" }));
  const status = error?.status ?? 0;
  return (
    <Alert color="red" role="alert" title={<Trans>The round was not created</Trans>}>
      {status === 0 ? (
        <CommonMessage message={commonMessages.cannotReachServer} />
      ) : (
        <Trans>Something went wrong (error {status}). Nothing was created.</Trans>
      )}
      <Group mt="md">
        <Button variant="default" onClick={() => wizard.send({ type: "step.back" })}>
          <Trans comment="Button: back to the wizard's review">Back</Trans>
        </Button>
        {canRetry ? (
          <Button onClick={() => wizard.send({ type: "round.retry" })}>
            <Trans comment="Button: send the failed creation again">Try again</Trans>
          </Button>
        ) : null}
      </Group>
    </Alert>
  );
}
