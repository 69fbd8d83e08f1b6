import { Stack, Text } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import type { listMachine } from "../../../shared/machines/list.machine";
import { selectIsLoading, selectIsRefreshing, selectLoadError } from "../../../shared/machines/list.selectors";
import { ListActorPagination } from "../../../shared/ui/ListActorPagination";
import { ListLoadError } from "../../../shared/ui/ListLoadError";
import { ListLoading } from "../../../shared/ui/ListLoading";
import { StationListLoadErrorText } from "./station-list.load-error";
import { selectStations } from "./station-list.selectors";
import { StationTable } from "./StationTable";

interface StationResultsProps {
  list: ActorRefFrom<typeof listMachine>;
  /** A filter is applied: an empty page then means nothing matched, not an empty registry. */
  filtered: boolean;
}

/** The list's phase: a loader, the page of stations with its paging (kept while it refreshes), nothing, or the error. */
export function StationResults({ list, filtered }: StationResultsProps) {
  const loading = useSelector(list, selectIsLoading);
  const refreshing = useSelector(list, selectIsRefreshing);
  const error = useSelector(list, selectLoadError);
  const stations = useSelector(list, selectStations);

  if (error) {
    return <ListLoadError reason={<StationListLoadErrorText error={error} />} onRetry={() => list.send({ type: "list.retry" })} />;
  }
  if (loading) return <ListLoading />;
  if (stations.length === 0) {
    return (
      <Text c="dimmed" role="status" data-testid="stations-empty">
        {filtered ? (
          <Trans>No polling station matches these filters.</Trans>
        ) : (
          <Trans>The registry holds no polling station yet.</Trans>
        )}
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <StationTable stations={stations} busy={refreshing} />
      <ListActorPagination list={list} />
    </Stack>
  );
}
