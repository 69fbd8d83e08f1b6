import { Trans } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { SnapshotFrom } from "xstate";
import type { mutationMachine } from "../../shared/machines/mutation.machine";
import type { MutationActorRef } from "../../shared/machines/mutation.selectors";
import { MutationConfirmDialog } from "../../shared/ui/MutationConfirmDialog";
import type { NgoAdmin } from "./ngos.actors";

/** The admin the removal asks about, is removing or last handled (so a closing dialog keeps its text). */
const selectAdminToRemove = (snapshot: SnapshotFrom<typeof mutationMachine>): NgoAdmin | null =>
  snapshot.context.request as NgoAdmin | null;

/** The question before an admin account is removed, open until the server has answered. */
export function NgoAdminRemove({ mutation }: { mutation: MutationActorRef }) {
  const account = useSelector(mutation, selectAdminToRemove)?.account ?? "";
  return (
    <MutationConfirmDialog
      mutation={mutation}
      title={<Trans comment="Dialog title: remove an admin account">Remove admin account</Trans>}
      message={<Trans comment="{account} is the admin's sign-in name">Remove the account {account}? It will no longer be able to sign in.</Trans>}
      confirmLabel={<Trans comment="Button: remove an admin account">Remove</Trans>}
    />
  );
}
