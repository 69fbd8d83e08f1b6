import { Button, Group } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { selectIsBusy, type MutationActorRef } from "../machines/mutation.selectors";

interface FormDialogButtonsProps {
  /** The dialog's mutation: while it runs Confirm shows a loader and Cancel waits. */
  mutation: MutationActorRef;
  canConfirm: boolean;
  onCancel: () => void;
}

/** Cancel and a submitting Confirm at the foot of a form in a dialog. */
export function FormDialogButtons({ mutation, canConfirm, onCancel }: FormDialogButtonsProps) {
  const busy = useSelector(mutation, selectIsBusy);
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel} disabled={busy}>
        <Trans id="CANCEL">Cancel</Trans>
      </Button>
      <Button type="submit" disabled={!canConfirm} loading={busy}>
        <Trans id="CONFIRM">Confirm</Trans>
      </Button>
    </Group>
  );
}
