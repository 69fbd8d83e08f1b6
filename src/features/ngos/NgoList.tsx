import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { usePageActor } from "../../shared/use-page-actor";
import { Link } from "react-router";
import { useApi } from "../../api/api-context";
import { resourceMachine } from "../../shared/machines/resource.machine";
import { selectIsLoading, selectLoadError } from "../../shared/machines/resource.selectors";
import { ListLoadError } from "../../shared/ui/ListLoadError";
import { ListLoading } from "../../shared/ui/ListLoading";
import { useSmallScreen } from "../../shared/ui/small-screen";
import { createNgoListLoader } from "./ngo-list.actors";
import { useNgoListActions } from "./ngo-list.actions";
import { NgoListLoadErrorText } from "./ngo-list.load-error";
import { selectNgos } from "./ngo-list.selectors";
import { NgoCards } from "./NgoCards";
import { NgoTable } from "./NgoTable";
import { paths } from "../../shared/paths";

/** /ong: every NGO with its flags; organizers add, edit, (de)activate, make or remove organizers and delete. */
export function NgoList() {
  const api = useApi();
  const list = usePageActor(resourceMachine, createNgoListLoader(api));
  const loading = useSelector(list, selectIsLoading);
  const error = useSelector(list, selectLoadError);
  const ngos = useSelector(list, selectNgos);
  // After each action the rows reload in place: the list stays on screen, no loader blanks it.
  const { actions, dialog } = useNgoListActions(() => list.send({ type: "resource.reload" }));
  // The table needs 640 px: on a phone its flags and actions would sit off screen.
  const smallScreen = useSmallScreen();

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1}>
          <Trans comment="Non-governmental organisations, plural">NGOs</Trans>{" "}
          <Text span inherit c="dimmed" data-testid="ngo-total">
            ({ngos.length})
          </Text>
        </Title>
        <Button component={Link} to={paths.ngoNew.href()}>
          <Trans comment="Button: create a new NGO">Add NGO</Trans>
        </Button>
      </Group>
      {error ? (
        <ListLoadError reason={<NgoListLoadErrorText error={error} />} onRetry={() => list.send({ type: "resource.retry" })} />
      ) : (
        <>
          {loading ? <ListLoading /> : null}
          {smallScreen ? <NgoCards ngos={ngos} {...actions} /> : <NgoTable ngos={ngos} busy={loading} {...actions} />}
        </>
      )}
      {dialog}
    </Stack>
  );
}
