import { Trans } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { MutationActorRef } from "../../shared/machines/mutation.selectors";
import { MutationConfirmDialog } from "../../shared/ui/MutationConfirmDialog";
import { selectNgoToDelete } from "./ngo-list.mutations";

/** The question before an NGO is deleted, open until the server has answered. */
export function NgoDelete({ mutation }: { mutation: MutationActorRef }) {
  const name = useSelector(mutation, selectNgoToDelete)?.name ?? "";
  return (
    <MutationConfirmDialog
      mutation={mutation}
      title={<Trans id="DELETE">Delete</Trans>}
      message={<Trans comment="{name} is the NGO's name">Are you sure you want to delete the NGO {name}?</Trans>}
      confirmLabel={<Trans id="DELETE">Delete</Trans>}
    />
  );
}
