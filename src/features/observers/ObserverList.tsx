import { lazy, Suspense } from "react";
import { Group, Stack } from "@mantine/core";
import { useSelector } from "@xstate/react";
import { usePageActor } from "../../shared/use-page-actor";
import { useNavigate } from "react-router";
import { useApi } from "../../api/api-context";
import { listMachine } from "../../shared/machines/list.machine";
import { selectFilter, selectQuery, selectSelectedIds, selectTotalItems } from "../../shared/machines/list.selectors";
import { ViewModeControl } from "../../shared/ui/ViewModeControl";
import { useCurrentAccount } from "../../shared/account/account-context";
import { createObserverListActors, type Observer } from "./observer-list.actors";
import { OBSERVER_LIST_INPUT } from "./observer-list.config";
import { selectSelectedObservers } from "./observer-list.selectors";
import { ObserverListHeader } from "./observer-list.header";
import { ObserverListResults } from "./observer-list.results";
import type { ObserverRowActions } from "./observer-list.row-actions";
import { useObserverViewMode } from "./observer-list.view-mode";
import { useObserverDelete } from "./observer-delete.mutation";
import { selectDeleteProgress, selectDeletingObservers } from "./observer-delete.selectors";
import { ObserverDelete } from "./ObserverDelete";
import { ObserverFilters } from "./ObserverFilters";
import { openObserverResetPin } from "./observer-reset-pin.open";
import { ObserverSelectionBar } from "./ObserverSelectionBar";
import { paths } from "../../shared/paths";
import { useObserverAssign } from "./stations/observer-assign.page";

// The dialog's code (its county select among it) loads when it first opens, not with the list.
const ObserverAssignStations = lazy(() => import("./stations/ObserverAssignStations").then((module) => ({ default: module.ObserverAssignStations })));

/** The observers of the signed-in admin's scope: search, sort, page, select, delete, notify, assign to stations, export. */
export function ObserverList() {
  const api = useApi();
  const navigate = useNavigate();
  const list = usePageActor(listMachine, createObserverListActors(api), { input: OBSERVER_LIST_INPUT });
  const query = useSelector(list, selectQuery);
  const appliedFilter = useSelector(list, selectFilter);
  const total = useSelector(list, selectTotalItems);
  const selectedIds = useSelector(list, selectSelectedIds);
  const isOrganizer = useCurrentAccount().organizer;
  const [viewMode, setViewMode] = useObserverViewMode();
  const deletion = useObserverDelete(() => list.send({ type: "list.reload" }));
  const deleting = useSelector(deletion, selectDeleteProgress);
  const deletingObservers = useSelector(deletion, selectDeletingObservers);
  const confirmDelete = (observers: readonly Observer[]) => deletion.send({ type: "mutation.start", request: observers });
  const assignment = useObserverAssign();
  const assigning = useSelector(assignment, (snapshot) => snapshot.hasTag("open"));

  const notify = (ids: number[]) => {
    list.send({ type: "selection.clear" });
    void navigate(paths.notifications.href(ids));
  };
  const actions: ObserverRowActions = {
    onDelete: confirmDelete,
    onNotify: (observers: Observer[]) => notify(observers.map((observer) => observer.id)),
    onResetPassword: (observer: Observer) => openObserverResetPin({ observer, api }),
    deletingIds: deletingObservers.map((observer) => observer.id),
  };

  return (
    <Stack gap="md">
      <ObserverListHeader total={total} query={query} />
      <Group justify="space-between" align="flex-end">
        <ObserverFilters
          applied={appliedFilter}
          onSubmit={(filter) => list.send({ type: "filter.submit", filter })}
          onReset={() => list.send({ type: "filter.reset" })}
        />
        <ViewModeControl value={viewMode} onChange={setViewMode} />
      </Group>
      {selectedIds.length > 0 ? (
        <ObserverSelectionBar
          count={selectedIds.length}
          deleting={deleting}
          onDelete={() => confirmDelete(selectSelectedObservers(list.getSnapshot()))}
          onNotify={() => notify(selectedIds)}
          onAssign={() => assignment.send({ type: "assign.open", observerIds: selectedIds })}
        />
      ) : null}
      <ObserverListResults list={list} viewMode={viewMode} showNgo={isOrganizer} actions={actions} />
      <ObserverDelete mutation={deletion} />
      {assigning ? (
        <Suspense fallback={null}>
          <ObserverAssignStations assignment={assignment} />
        </Suspense>
      ) : null}
    </Stack>
  );
}
