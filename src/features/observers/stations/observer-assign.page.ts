import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useApi } from "../../../api/api-context";
import { announceSuccess } from "../../../shared/ui/toasts";
import { usePageActor } from "../../../shared/use-page-actor";
import { observerAssignMachine } from "./observer-assign.machine";
import { createObserverAssignActors } from "./observer-stations.actors";

/**
 * The observers list's "Assign to stations": the dialog's actor, which says how many assignments are new once the
 * server has saved them. The list stays as it is (its column counts the stations observers arrived at, not those
 * they are assigned to), its selection too. Open it with `{ type: "assign.open", observerIds }`.
 */
export function useObserverAssign() {
  const api = useApi();
  const { t } = useLingui();
  return usePageActor(observerAssignMachine, {
    actors: createObserverAssignActors(api),
    actions: {
      onAssigned: (_, { outcome }) => {
        const count = outcome.added;
        announceSuccess(t({ message: plural(count, { one: "# new assignment", other: "# new assignments" }), comment: "Result of assigning observers to polling stations" }));
      },
    },
  });
}
