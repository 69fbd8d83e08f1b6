import { Text, Title } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { useCurrentAccount } from "../../../shared/account/account-context";
import type { LoadFailure } from "../../../shared/machines/load-failure";
import type { resourceMachine } from "../../../shared/machines/resource.machine";
import { selectLoadError } from "../../../shared/machines/resource.selectors";
import { ListLoadError } from "../../../shared/ui/ListLoadError";
import { ListLoading } from "../../../shared/ui/ListLoading";
import { LoadFailureText } from "../../../shared/ui/LoadFailureText";
import type { StationObserver } from "../polling-stations.types";
import { StationObserverTable } from "./StationObserverTable";

const selectObservers = (snapshot: { context: { data: unknown } }) => snapshot.context.data as StationObserver[] | null;

function ObserversLoadErrorText({ error }: { error: LoadFailure }) {
  return (
    <LoadFailureText
      error={error}
      words={{
        forbidden: <Trans>You are not allowed to see this station's observers.</Trans>,
        notFound: <Trans>This polling station does not exist.</Trans>,
        failed: <Trans>The observers could not be loaded. Try again.</Trans>,
        failedWithStatus: (status) => <Trans>The observers could not be loaded (error {status}). Try again.</Trans>,
      }}
    />
  );
}

function NoObservers() {
  const organizer = useCurrentAccount().organizer;
  return (
    <Text c="dimmed" size="sm" data-testid="station-observers-empty">
      {organizer ? (
        <Trans>No observer is assigned to this station or has reported from it.</Trans>
      ) : (
        <Trans>No observer of your NGO is assigned to this station or has reported from it.</Trans>
      )}
    </Text>
  );
}

/**
 * Who observes the station: its assigned observers, then those who arrived or reported here without an assignment
 * (an NGO admin sees its own NGO's). Loaded by an actor of its own: a failure here leaves the station on screen.
 */
export function StationObservers({ stationId, actor }: { stationId: number; actor: ActorRefFrom<typeof resourceMachine> }) {
  const observers = useSelector(actor, selectObservers);
  const error = useSelector(actor, selectLoadError);
  return (
    <section aria-labelledby="station-observers">
      <Title order={2} size="h4" id="station-observers" mb="xs">
        <Trans comment="Heading: the observers assigned to or present at a polling station">Observers</Trans>
      </Title>
      {error ? (
        <ListLoadError reason={<ObserversLoadErrorText error={error} />} onRetry={() => actor.send({ type: "resource.retry" })} />
      ) : observers === null ? (
        <ListLoading />
      ) : observers.length === 0 ? (
        <NoObservers />
      ) : (
        <StationObserverTable stationId={stationId} observers={observers} />
      )}
    </section>
  );
}
