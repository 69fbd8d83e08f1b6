import { Button, Group } from "@mantine/core";
import { Trans } from "@lingui/react/macro";

interface FormDialogButtonsProps {
  busy: boolean;
  canConfirm: boolean;
  onCancel: () => void;
}

/** Cancel and a submitting Confirm at the foot of a form in a dialog: Confirm shows a loader while busy. */
export function FormDialogButtons({ busy, canConfirm, onCancel }: FormDialogButtonsProps) {
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
