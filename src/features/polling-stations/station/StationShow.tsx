import { Link, useParams } from "react-router";
import { Alert, Anchor, Button, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { useApi } from "../../../api/api-context";
import { useCurrentAccount } from "../../../shared/account/account-context";
import { resourceMachine } from "../../../shared/machines/resource.machine";
import { selectIsRefreshing, selectLoadError } from "../../../shared/machines/resource.selectors";
import { paths } from "../../../shared/paths";
import { AuditHistoryLink } from "../../../shared/ui/AuditHistoryLink";
import { usePageActor } from "../../../shared/use-page-actor";
import { isStationNumber } from "../list/station-list.url";
import type { PollingStation } from "../polling-stations.types";
import { StationStatusBadge } from "../StationStatusBadge";
import { createStationObserversActors, createStationShowActors } from "./station.actors";
import { StationLoadErrorText } from "./station.load-error";
import { useStationStatusActions } from "./station-status.actions";
import { StationFacts } from "./StationFacts";
import { StationLinks } from "./StationLinks";
import { StationObservers } from "./StationObservers";

/** /sectii/:id: one polling station's facts, status, observers and reports; organizers edit, retire and bring it back. */
export function StationShow() {
  const { id } = useParams();
  if (id === undefined || !isStationNumber(id)) {
    return (
      <Text role="alert">
        <Trans>This polling station page does not exist.</Trans>
      </Text>
    );
  }
  return <StationPage key={id} id={Number(id)} />;
}

function StationTitle({ station: { number, countyName } }: { station: PollingStation }) {
  return <Trans comment="Page title: a polling station by its number and county">Polling station {number}, {countyName}</Trans>;
}

const selectStation = (snapshot: { context: { data: unknown } }) => snapshot.context.data as PollingStation | null;

function StationPage({ id }: { id: number }) {
  const api = useApi();
  const { t } = useLingui();
  const organizer = useCurrentAccount().organizer;
  const resource = usePageActor(resourceMachine, createStationShowActors(api), { input: { query: id } });
  // Loaded beside the station, not after it: the section shows its own loader, failure and retry.
  const observers = usePageActor(resourceMachine, createStationObserversActors(api), { input: { query: id } });
  const station = useSelector(resource, selectStation);
  const error = useSelector(resource, selectLoadError);
  const refreshing = useSelector(resource, selectIsRefreshing);
  const status = useStationStatusActions(station, () => resource.send({ type: "resource.reload" }));

  return (
    <Stack>
      <Anchor component={Link} to={paths.pollingStations.href()} size="sm">
        <Trans comment="Link from a polling station's page to the registry">All polling stations</Trans>
      </Anchor>
      {error ? (
        <>
          <Title order={1}>
            <Trans comment="Page title of a polling station that could not be loaded">Polling station</Trans>
          </Title>
          <Alert color="red" role="alert" title={<Trans>Could not load the polling station</Trans>}>
            <Text mb="sm">
              <StationLoadErrorText error={error} />
            </Text>
            <Button onClick={() => resource.send({ type: "resource.retry" })}>
              <Trans comment="Button: load the page again">Retry</Trans>
            </Button>
          </Alert>
        </>
      ) : station === null ? (
        <Loader aria-label={t({ id: "LOADING", message: "Loading" })} />
      ) : (
        <>
          <Group justify="space-between" align="flex-start">
            <Group gap="sm" align="center">
              <Title order={1}>
                <StationTitle station={station} />
              </Title>
              <StationStatusBadge status={station.status} />
            </Group>
            {organizer ? (
              <Group gap="xs">
                <AuditHistoryLink subjectType="station" subjectId={station.id}>
                  <Trans comment="Link: the activity log narrowed to this record">History</Trans>
                </AuditHistoryLink>
                <Button component={Link} to={paths.pollingStationEdit.href(station.id)} variant="default">
                  <Trans id="EDIT">Edit</Trans>
                </Button>
                {station.status === "active" ? (
                  <Button color="red" variant="outline" onClick={status.retire} disabled={status.busy || refreshing}>
                    <Trans comment="Button: retire a polling station">Retire</Trans>
                  </Button>
                ) : (
                  <Button onClick={status.reactivate} loading={status.reactivating} disabled={status.busy || refreshing}>
                    <Trans comment="Button: bring a retired polling station back">Make active</Trans>
                  </Button>
                )}
              </Group>
            ) : null}
          </Group>
          {station.status === "retired" ? (
            <Alert color="gray" data-testid="station-retired" title={<Trans comment="Notice on a retired polling station's page">This station is retired</Trans>}>
              <Trans>Observers can no longer record an arrival, answers or notes here. Its answers, notes and visits are kept.</Trans>
            </Alert>
          ) : null}
          <StationFacts station={station} />
          <StationObservers stationId={station.id} actor={observers} />
          <StationLinks station={station} />
        </>
      )}
      {status.dialog}
    </Stack>
  );
}
