import { useRef, type RefObject } from "react";
import { useNavigate, useParams } from "react-router";
import { Alert, Button, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { useApi } from "../../../api/api-context";
import { readStoredDraft, storedDraftActor } from "../../../shared/draft-storage";
import type { PageRecord, PageRoute } from "../../../shared/machines/page-mode.machine";
import { resourceMachine } from "../../../shared/machines/resource.machine";
import { selectIsLoading as selectCountiesLoading } from "../../../shared/machines/resource.selectors";
import { paths } from "../../../shared/paths";
import { announceFailure, announceSuccess } from "../../../shared/ui/toasts";
import { LeaveGuard } from "../../../shared/ui/LeaveGuard";
import { usePageActor } from "../../../shared/use-page-actor";
import { useProfilePage } from "../../../shared/use-profile-page";
import { createCountyActors, selectCounties } from "../counties.actors";
import { isStationNumber } from "../list/station-list.url";
import { stationBlankDraft, stationDraftStorage, stationPageLogic } from "./station-edit.draft";
import { createStationEditActors } from "./station.actors";
import { stationErrorMessage } from "./station.messages";
import { StationForm } from "./StationForm";

/** /sectii/nou and /sectii/:id/edit (organizers): the same form adds a station or changes one's facts. */
export function StationEdit() {
  const { id } = useParams();
  if (id !== undefined && !isStationNumber(id)) {
    return (
      <Text role="alert">
        <Trans>This polling station page does not exist.</Trans>
      </Text>
    );
  }
  const route: PageRoute = id === undefined ? { mode: "creating", id: null } : { mode: "editing", id: Number(id) };
  // One actor per record: a draft never passes from one station to another.
  return <StationEditor key={route.id ?? "new"} route={route} />;
}

function useStationEditPage(route: PageRoute, leavingRef: RefObject<boolean>) {
  const api = useApi();
  const navigate = useNavigate();
  const { i18n } = useLingui();
  const storage = stationDraftStorage(sessionStorage, route.id);
  const leave = (path: string) => {
    leavingRef.current = true;
    void navigate(path);
  };
  const stationPage = (record: PageRecord) => paths.pollingStation.href(record.id);
  return usePageActor(
    stationPageLogic,
    {
      actors: { ...createStationEditActors(api), draftStore: storedDraftActor(storage) },
      actions: {
        onCreated: (_, { record }) => {
          announceSuccess(<Trans>The polling station has been added</Trans>);
          leave(stationPage(record));
        },
        onSaved: (_, { record }) => {
          announceSuccess(<Trans>Changes have been saved</Trans>);
          leave(stationPage(record));
        },
        onCancelled: () => leave(route.id === null ? paths.pollingStations.href() : paths.pollingStation.href(route.id)),
        onFailed: ({ context }) => {
          if (context.error) announceFailure(i18n._(stationErrorMessage(context.error)));
        },
      },
    },
    { input: { ...route, blank: stationBlankDraft, stored: readStoredDraft(storage) } },
  );
}

function StationEditor({ route }: { route: PageRoute }) {
  const api = useApi();
  const { t, i18n } = useLingui();
  const leavingRef = useRef(false);
  const actor = useStationEditPage(route, leavingRef);
  const { phase, dirty, error } = useProfilePage(actor, route.mode);
  const counties = usePageActor(resourceMachine, createCountyActors(api));
  const countyOptions = useSelector(counties, selectCounties);
  const countiesLoading = useSelector(counties, selectCountiesLoading);

  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <Title order={1}>
          {route.mode === "creating" ? (
            <Trans comment="Page title: a new polling station">Add station</Trans>
          ) : (
            <Trans comment="Page title: change a polling station's facts">Edit polling station</Trans>
          )}
        </Title>
      </Group>
      {phase === "loading" ? <Loader aria-label={t({ id: "LOADING", message: "Loading" })} /> : null}
      {phase === "failed" && error ? (
        <Alert color="red" role="alert" title={<Trans>Could not load the polling station</Trans>}>
          <Text mb="sm">{i18n._(stationErrorMessage(error))}</Text>
          <Button onClick={() => actor.send({ type: "load.retry" })}>
            <Trans comment="Button: load the page again">Retry</Trans>
          </Button>
        </Alert>
      ) : null}
      {phase === "form" ? <StationForm actor={actor} counties={countyOptions} countiesLoading={countiesLoading} /> : null}
      <LeaveGuard dirty={dirty} leavingRef={leavingRef} onDiscard={() => actor.send({ type: "draft.discard" })} />
    </Stack>
  );
}
