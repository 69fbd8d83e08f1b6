import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { Link } from "react-router";
import { paths } from "../../../shared/paths";
import { inRound } from "../../../shared/rounds/use-linked-round";
import { selectCreated, selectDraft, selectError, type RoundCreateActor } from "./round-create.selectors";

/** The round exists: what it is now, and what comes next in it (each link opens the new round). */
export function RoundCreated({ wizard }: { wizard: RoundCreateActor }) {
  const round = useSelector(wizard, selectCreated)!;
  const draft = useSelector(wizard, selectDraft)!;
  const startError = useSelector(wizard, selectError);
  const name = round.name;
  const preparing = round.status === "preparing";
  return (
    <Stack gap="md" data-testid="round-created">
      <Alert color="green" role="status" title={<Trans>The round has been created</Trans>}>
        {preparing ? (
          <Trans>{name} is in preparation: only organizers see it. Review its forms, then start it.</Trans>
        ) : (
          <Trans>{name} is active: the observers of the NGOs taking part can report into it.</Trans>
        )}
      </Alert>
      {preparing && startError ? (
        <Text c="red" role="alert">
          <Trans>It could not be started (error {startError.status}). Start it when ready.</Trans>
        </Text>
      ) : null}
      <Group>
        <Button component={Link} to={inRound(paths.forms.href(), round.id)} variant="light">
          <Trans comment="Button: open the new round's forms">Review its forms</Trans>
        </Button>
        {draft.registry === "import" ? (
          <Button component={Link} to={inRound(paths.pollingStationImport.href(), round.id)} variant="light">
            <Trans comment="Button: import the polling-station list into the new round">Import its polling stations</Trans>
          </Button>
        ) : null}
        {preparing ? (
          <Button onClick={() => wizard.send({ type: "round.start" })}>
            <Trans comment="Button: start the round just created">Start the round</Trans>
          </Button>
        ) : null}
        <Button component={Link} to={paths.electionRounds.href()} variant="subtle">
          <Trans comment="Link back to the list of election rounds">All rounds</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
