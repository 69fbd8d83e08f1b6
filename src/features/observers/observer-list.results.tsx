import { Stack, Text } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import type { listMachine } from "../../shared/machines/list.machine";
import {
  selectAllSelected,
  selectIsLoading,
  selectLoadError,
  selectSelectedIds,
  selectSomeSelected,
  selectSort,
} from "../../shared/machines/list.selectors";
import { ListLoadError } from "../../shared/ui/ListLoadError";
import { ListLoading } from "../../shared/ui/ListLoading";
import { ListActorPagination } from "../../shared/ui/ListActorPagination";
import type { ViewMode } from "../../shared/ui/ViewModeControl";
import { ObserverListLoadErrorText } from "./observer-list.load-error";
import type { ObserverRowActions } from "./observer-list.row-actions";
import { selectObservers } from "./observer-list.selectors";
import { ObserverCards } from "./ObserverCards";
import { ObserverTable } from "./ObserverTable";

interface ObserverListResultsProps {
  list: ActorRefFrom<typeof listMachine>;
  viewMode: ViewMode;
  showNgo: boolean;
  actions: ObserverRowActions;
}

/** The list's phase: the page of observers (kept on screen while the next loads), nothing found, or the load error. */
export function ObserverListResults({ list, viewMode, showNgo, actions }: ObserverListResultsProps) {
  const loading = useSelector(list, selectIsLoading);
  const error = useSelector(list, selectLoadError);
  const observers = useSelector(list, selectObservers);
  const selectedIds = useSelector(list, selectSelectedIds);
  const allSelected = useSelector(list, selectAllSelected);
  const someSelected = useSelector(list, selectSomeSelected);
  const sort = useSelector(list, selectSort);
  // The table stays while the first page loads, so its column headers can already sort.
  const noResults = !loading && observers.length === 0;
  const toggle = (id: number) => list.send({ type: "selection.toggle", id });

  if (error) {
    return <ListLoadError reason={<ObserverListLoadErrorText error={error} />} onRetry={() => list.send({ type: "list.retry" })} />;
  }
  return (
    <Stack gap="sm">
      {loading ? <ListLoading /> : null}
      {noResults ? (
        <Text c="dimmed" role="status">
          <Trans id="NO_RESULTS" comment="A search found nothing">No observers found.</Trans>
        </Text>
      ) : null}
      {noResults ? null : viewMode === "CARD" ? (
        <ObserverCards observers={observers} selectedIds={selectedIds} onToggle={toggle} {...actions} />
      ) : (
        <ObserverTable
          observers={observers}
          selectedIds={selectedIds}
          allSelected={allSelected}
          someSelected={someSelected}
          showNgo={showNgo}
          sort={sort}
          busy={loading}
          onSort={(column) => list.send({ type: "sort.toggle", by: column })}
          onToggle={toggle}
          onToggleAll={() => list.send({ type: "selection.toggleAll" })}
          {...actions}
        />
      )}
      {observers.length === 0 ? null : (
        <ListActorPagination list={list} />
      )}
    </Stack>
  );
}
