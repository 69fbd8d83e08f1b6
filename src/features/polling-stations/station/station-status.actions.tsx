import type { ReactNode } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { useApi } from "../../../api/api-context";
import { isRetryable, type MutationError } from "../../../shared/machines/mutation.machine";
import { selectIsBusy, type MutationActorRef } from "../../../shared/machines/mutation.selectors";
import { announceFailure, announceSuccess } from "../../../shared/ui/toasts";
import { MutationConfirmDialog } from "../../../shared/ui/MutationConfirmDialog";
import { useMutation } from "../../../shared/ui/use-mutation";
import type { PollingStation } from "../polling-stations.types";
import { reactivateStation, retireStation } from "./station.actors";
import { stationErrorMessage } from "./station.messages";

export interface StationStatusActions {
  retire: () => void;
  reactivate: () => void;
  /** A retire or a reactivation runs: both buttons wait. */
  busy: boolean;
  reactivating: boolean;
  /** The retire confirmation. */
  dialog: ReactNode;
}

/**
 * Retiring (confirmed first: observers can no longer report there) and bringing back a station, each a mutation
 * actor; after each outcome the station loads again (`reload`) and a toast says what happened.
 */
export function useStationStatusActions(station: PollingStation | null, reload: () => void): StationStatusActions {
  const api = useApi();
  const { i18n } = useLingui();
  const announceProblem = (mutation: MutationActorRef, error: MutationError) =>
    announceFailure(i18n._(stationErrorMessage(error)), {
      onRetry: isRetryable(error) ? () => mutation.send({ type: "mutation.retry" }) : undefined,
    });
  const retirement = useMutation<PollingStation, PollingStation>({
    confirm: true,
    run: (target, { signal }) => retireStation(api, target.id, signal),
    onSucceeded: () => {
      announceSuccess(<Trans>The polling station has been retired. Nothing of its history was deleted.</Trans>);
      reload();
    },
    onFailed: (_, error) => {
      announceProblem(retirement, error);
      reload();
    },
  });
  const reactivation = useMutation<PollingStation, PollingStation>({
    run: (target, { signal }) => reactivateStation(api, target, signal),
    onSucceeded: () => {
      announceSuccess(<Trans>The polling station is active again: observers can report there.</Trans>);
      reload();
    },
    onFailed: (_, error) => {
      announceProblem(reactivation, error);
      reload();
    },
  });
  const retiring = useSelector(retirement, selectIsBusy);
  const reactivating = useSelector(reactivation, selectIsBusy);

  return {
    retire: () => station && retirement.send({ type: "mutation.start", request: station }),
    reactivate: () => station && reactivation.send({ type: "mutation.start", request: station }),
    busy: retiring || reactivating,
    reactivating,
    dialog: (
      <MutationConfirmDialog
        mutation={retirement}
        title={<Trans comment="Dialog title: retire a polling station">Retire this polling station?</Trans>}
        message={
          <Trans>
            Observers will no longer be able to record an arrival, send answers or notes there. Nothing is deleted: its answers, notes, visits and
            assigned observers stay, and you can make it active again.
          </Trans>
        }
        confirmLabel={<Trans comment="Button: retire a polling station">Retire</Trans>}
      />
    ),
  };
}
