import { useEffect, useId, useRef, type RefObject } from "react";
import { Loader, Stack, Text, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { useApi } from "../../../api/api-context";
import { ListLoadError } from "../../../shared/ui/ListLoadError";
import { usePageActor } from "../../../shared/use-page-actor";
import { connect, sameStationsApi, type ObserverStationsApi } from "./observer-stations.connect";
import { createObserverStationsActors } from "./observer-stations.actors";
import type { StationChange } from "./observer-stations.machine";
import { observerStationsMachine } from "./observer-stations.machine";
import { AssignmentErrorAlert } from "./AssignmentErrorAlert";
import { StationsLoadFailureText } from "./StationsLoadFailureText";
import { stationName } from "./station-ref";
import { ObserverStationList } from "./ObserverStationList";
import { StationPicker } from "./StationPicker";

/** The observer profile's "Assigned polling stations": the list, each change saved at once. */
export function ObserverStations({ observerId }: { observerId: number }) {
  const api = useApi();
  const { t } = useLingui();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const numberRef = useRef<HTMLInputElement>(null);
  const actor = usePageActor(observerStationsMachine, { actors: createObserverStationsActors(api) }, { input: { observerId } });
  const view = useSelector(actor, (snapshot) => connect(snapshot, actor.send), sameStationsApi);

  // The control that had the focus waited (disabled) or went away with its station: the focus goes where work goes on.
  useEffect(() => {
    if (view.saved) (view.saved.kind === "add" ? numberRef : headingRef).current?.focus();
  }, [view.saved]);

  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm" mt="lg" data-testid="observer-stations">
      <Title order={2} size="h3" id={headingId} ref={headingRef} tabIndex={-1}>
        <Trans comment="Heading of the observer profile's section listing the stations the observer is assigned to">Assigned polling stations</Trans>
      </Title>
      {view.screen === "loading" ? (
        <Loader size="sm" aria-label={t({ message: "Loading the polling stations", comment: "Accessible label of a loader" })} />
      ) : null}
      {view.screen === "failed" && view.loadError ? (
        <ListLoadError reason={<StationsLoadFailureText error={view.loadError} />} onRetry={view.retryLoad} />
      ) : null}
      {view.screen === "ready" ? <StationsEditor view={view} numberRef={numberRef} /> : null}
    </Stack>
  );
}

function StationsEditor({ view, numberRef }: { view: ObserverStationsApi; numberRef: RefObject<HTMLInputElement | null> }) {
  return (
    <>
      <ObserverStationList stations={view.stations} busy={view.busy} removingId={view.removingId} onRemove={view.remove} />
      <StationPicker
        counties={view.counties}
        draft={view.draft}
        problem={view.problem}
        busy={view.busy}
        canAdd={view.canAdd}
        adding={view.adding}
        onCountyChange={view.changeCounty}
        onNumberChange={view.changeNumber}
        onAdd={view.add}
        numberRef={numberRef}
      />
      <AssignmentErrorAlert error={view.saveError} canRetry={view.canRetrySave} onRetry={view.retrySave} />
      <Text size="sm" c="dimmed" role="status">
        {view.saved ? <SavedChange change={view.saved} /> : null}
      </Text>
    </>
  );
}

function SavedChange({ change }: { change: StationChange }) {
  const name = stationName(change.station);
  return change.kind === "add" ? (
    <Trans comment="Status after a save: {name} is a polling station such as CJ 15">{name} assigned.</Trans>
  ) : (
    <Trans comment="Status after a save: {name} is a polling station such as CJ 15">{name} removed.</Trans>
  );
}
