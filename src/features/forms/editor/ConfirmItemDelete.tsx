import type { ReactNode } from "react";
import { Trans } from "@lingui/react/macro";
import { ConfirmDialog } from "../../../shared/ui/ConfirmDialog";

/** The spec's question before a section or an option goes (undo brings it back, but a slip should not happen). */
export function ConfirmItemDelete({ opened, title, onConfirm, onCancel }: { opened: boolean; title: ReactNode; onConfirm: () => void; onCancel: () => void }) {
  return (
    <ConfirmDialog
      opened={opened}
      title={title}
      message={<Trans>Are you sure you want to delete this record?</Trans>}
      confirmLabel={<Trans id="DELETE">Delete</Trans>}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
