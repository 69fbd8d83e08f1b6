import { useState } from "react";
import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import { useActorRef, useSelector } from "@xstate/react";
import { Link } from "react-router";
import { useApi } from "../../api/api-context";
import { listMachine } from "../../shared/machines/list.machine";
import { selectIsLoading, selectLoadError, selectTotalItems } from "../../shared/machines/list.selectors";
import { ListLoadError } from "../../shared/ui/ListLoadError";
import { ListLoading } from "../../shared/ui/ListLoading";
import { useSmallScreen } from "../../shared/ui/small-screen";
import { createNgoListActors } from "./ngos.actors";
import { useNgoListActions } from "./ngo-list.actions";
import { NGO_LIST_INPUT } from "./ngo-list.config";
import { NgoListLoadErrorText } from "./ngo-list.load-error";
import { selectNgos } from "./ngo-list.selectors";
import { NgoCards } from "./NgoCards";
import { NgoTable } from "./NgoTable";
import { paths } from "../../shared/paths";

/** /ong: every NGO with its flags; organizers add, edit, (de)activate, make or remove organizers and delete. */
export function NgoList() {
  const api = useApi();
  const [logic] = useState(() => listMachine.provide(createNgoListActors(api)));
  const list = useActorRef(logic, { input: NGO_LIST_INPUT });
  const total = useSelector(list, selectTotalItems);
  const loading = useSelector(list, selectIsLoading);
  const error = useSelector(list, selectLoadError);
  const ngos = useSelector(list, selectNgos);
  const actions = useNgoListActions(() => list.send({ type: "list.reload" }));
  // The table needs 640 px: on a phone its flags and actions would sit off screen.
  const smallScreen = useSmallScreen();

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1}>
          <Trans comment="Non-governmental organisations, plural">NGOs</Trans>{" "}
          <Text span inherit c="dimmed" data-testid="ngo-total">
            ({total})
          </Text>
        </Title>
        <Button component={Link} to={paths.ngoNew.href()}>
          <Trans comment="Button: create a new NGO">Add NGO</Trans>
        </Button>
      </Group>
      {error ? (
        <ListLoadError reason={<NgoListLoadErrorText error={error} />} onRetry={() => list.send({ type: "list.retry" })} />
      ) : (
        <>
          {loading ? <ListLoading /> : null}
          {smallScreen ? <NgoCards ngos={ngos} {...actions} /> : <NgoTable ngos={ngos} busy={loading} {...actions} />}
        </>
      )}
    </Stack>
  );
}
