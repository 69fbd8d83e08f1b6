import { Plural, Trans } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { MutationActorRef } from "../../shared/machines/mutation.selectors";
import { MutationConfirmDialog } from "../../shared/ui/MutationConfirmDialog";
import { selectDeleteProgress, selectObserversToDelete } from "./observer-delete.selectors";
import { DeleteProgress } from "./ObserverSelectionBar";

/** The question before observers are deleted, open until the last delete has answered, with how far it got. */
export function ObserverDelete({ mutation }: { mutation: MutationActorRef }) {
  const count = useSelector(mutation, selectObserversToDelete).length;
  const progress = useSelector(mutation, selectDeleteProgress);
  return (
    <MutationConfirmDialog
      mutation={mutation}
      title={<Trans id="DELETE" comment="Button or menu item: delete">Delete</Trans>}
      message={
        <Plural
          id="OBSERVER_DELETE_CONFIRMATION"
          value={count}
          one="Are you sure you want to delete this observer?"
          other="Are you sure you want to delete # observers?"
        />
      }
      confirmLabel={<Trans id="DELETE" comment="Button or menu item: delete">Delete</Trans>}
      progress={progress && progress.total > 1 ? <DeleteProgress {...progress} /> : null}
    />
  );
}
