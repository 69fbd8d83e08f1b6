import { Trans } from "@lingui/react/macro";
import type { MutationActorRef } from "../../../shared/machines/mutation.selectors";
import { MutationConfirmDialog } from "../../../shared/ui/MutationConfirmDialog";

/** The question before a form is deleted (the spec's words), open until the server has answered. */
export function FormDelete({ mutation }: { mutation: MutationActorRef }) {
  return (
    <MutationConfirmDialog
      mutation={mutation}
      title={<Trans id="DELETE">Delete</Trans>}
      message={<Trans>Are you sure you want to delete this record?</Trans>}
      confirmLabel={<Trans id="DELETE">Delete</Trans>}
    />
  );
}
