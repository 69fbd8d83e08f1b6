import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useApi } from "../../api/api-context";
import { announceFailure, announceRemoval } from "../../shared/ui/toasts";
import { useMutation } from "../../shared/ui/use-mutation";
import { deleteObservers, type Observer } from "./observer-list.actors";

/**
 * Deleting observers, one call each, confirmed first; `onDeleted` runs whatever the outcome, since some deletes
 * may have gone through. Start it with `{ type: "mutation.start", request: observers }`.
 */
export function useObserverDelete(onDeleted: () => void) {
  const api = useApi();
  const { t } = useLingui();
  const failedMessage = () => t({ id: "OBSERVER_DELETE_ERROR", message: "Could not delete the observer" });
  return useMutation<readonly Observer[], number[]>({
    confirm: true,
    run: (observers, { signal, reportProgress }) =>
      deleteObservers(
        api,
        observers.map((observer) => observer.id),
        { signal, reportProgress },
      ),
    onSucceeded: (observers, failed) => {
      onDeleted();
      if (failed.length > 0) return announceFailure(failedMessage());
      const count = observers.length;
      announceRemoval(
        t({ id: "OBSERVER_DELETE_SUCCESS", message: plural(count, { one: "The observer has been removed", other: "# observers have been removed" }) }),
      );
    },
    onFailed: () => {
      onDeleted();
      announceFailure(failedMessage());
    },
  });
}
