import type { ReactNode } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { useApi } from "../../api/api-context";
import { isRetryable, type MutationError } from "../../shared/machines/mutation.machine";
import type { MutationActorRef } from "../../shared/machines/mutation.selectors";
import { announceFailure, announceRemoval, announceSuccess } from "../../shared/ui/toasts";
import { useMutation } from "../../shared/ui/use-mutation";
import { deleteNgo, setNgoActive, setNgoOrganizer, type Ngo } from "./ngos.actors";
import { selectChangingNgoId, type NgoFlagChange } from "./ngo-list.mutations";
import type { NgoRowActions } from "./ngo-list.row-actions";
import { ngoErrorMessage } from "./ngos.messages";
import { NgoDelete } from "./NgoDelete";
import { NgoFlagChanged } from "./NgoFlagChanged";

/**
 * The list's row actions as two mutation actors: one flag change at a time (each flag turns to the opposite value)
 * and a confirmed delete. After each outcome the list reloads (`reload`) and a toast says what happened; a failure
 * of the network or the server offers to try again.
 */
export function useNgoListActions(reload: () => void): { actions: NgoRowActions; dialog: ReactNode } {
  const api = useApi();
  const { i18n } = useLingui();
  const announceProblem = (mutation: MutationActorRef, error: MutationError) =>
    announceFailure(i18n._(ngoErrorMessage(error)), {
      onRetry: isRetryable(error) ? () => mutation.send({ type: "mutation.retry" }) : undefined,
    });

  const flagChange = useMutation<NgoFlagChange, unknown>({
    run: ({ ngo, flag }, { signal }) =>
      flag === "active" ? setNgoActive(api, ngo.id, !ngo.isActive, signal) : setNgoOrganizer(api, ngo.id, !ngo.organizer, signal),
    onSucceeded: (change) => {
      announceSuccess(<NgoFlagChanged {...change} />);
      reload();
    },
    onFailed: (_, error) => {
      announceProblem(flagChange, error);
      reload();
    },
  });
  const deletion = useMutation<Ngo, unknown>({
    confirm: true,
    run: (ngo, { signal }) => deleteNgo(api, ngo.id, signal),
    onSucceeded: () => {
      announceRemoval(<Trans>The NGO has been deleted</Trans>);
      reload();
    },
    onFailed: (_, error) => {
      announceProblem(deletion, error);
      reload();
    },
  });
  const changingNgoId = useSelector(flagChange, selectChangingNgoId);

  return {
    actions: {
      onToggleActive: (ngo: Ngo) => flagChange.send({ type: "mutation.start", request: { ngo, flag: "active" } }),
      onToggleOrganizer: (ngo: Ngo) => flagChange.send({ type: "mutation.start", request: { ngo, flag: "organizer" } }),
      onDelete: (ngo: Ngo) => deletion.send({ type: "mutation.start", request: ngo }),
      changingNgoId,
    },
    dialog: <NgoDelete mutation={deletion} />,
  };
}
