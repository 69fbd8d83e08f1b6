import type { ReactNode } from "react";
import { useSelector } from "@xstate/react";
import { selectIsBusy, selectIsDialogOpen, type MutationActorRef } from "../machines/mutation.selectors";
import { ConfirmDialog } from "./ConfirmDialog";

interface MutationConfirmDialogProps {
  mutation: MutationActorRef;
  title: ReactNode;
  message: ReactNode;
  confirmLabel: ReactNode;
  progress?: ReactNode;
}

/**
 * The confirmation of a mutation actor: open from `mutation.start` until the call answers, Confirm loading while
 * it runs. A second click on Confirm sends `mutation.confirm` to a running actor, which ignores it.
 */
export function MutationConfirmDialog({ mutation, ...texts }: MutationConfirmDialogProps) {
  const opened = useSelector(mutation, selectIsDialogOpen);
  const busy = useSelector(mutation, selectIsBusy);
  return (
    <ConfirmDialog
      opened={opened}
      busy={busy}
      onConfirm={() => mutation.send({ type: "mutation.confirm" })}
      onCancel={() => mutation.send({ type: "mutation.cancel" })}
      {...texts}
    />
  );
}
