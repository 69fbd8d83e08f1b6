import { ActionIcon } from "@mantine/core";
import { useLingui } from "@lingui/react/macro";
import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { DragHandleIcon } from "../../../shared/ui/ListIcons";
import { FormRow, type FormRowActions } from "./FormRow";
import type { FormListRow } from "./form-list.selectors";

interface SortableFormRowProps extends FormRowActions {
  form: FormListRow;
  /** The list is reloading or a delete runs: the handle stays focusable but does not pick the row up. */
  moveDisabled: boolean;
}

/**
 * A row an organizer can move: by dragging its handle, or from the keyboard (focus the handle, Space to pick it up,
 * arrows to move, Space to drop, Escape to cancel). Only the handle starts a drag, so the row's links keep working.
 */
export function SortableFormRow({ form, moveDisabled, ...actions }: SortableFormRowProps) {
  const { t } = useLingui();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: form.id,
    disabled: moveDisabled,
    attributes: { roleDescription: t({ message: "movable row", comment: "Screen readers say this after a drag handle's name" }) },
  });
  const code = form.code;
  const style = {
    // Translate only: scaling a table row would distort its cells.
    transform: CSS.Translate.toString(transform),
    transition,
    position: "relative" as const,
    zIndex: isDragging ? 1 : undefined,
    background: isDragging ? "var(--mantine-color-body)" : undefined,
    boxShadow: isDragging ? "var(--mantine-shadow-md)" : undefined,
  };
  const handle = (
    <ActionIcon
      ref={setActivatorNodeRef}
      variant="subtle"
      color="gray"
      style={{ cursor: moveDisabled ? "default" : "grab", touchAction: "none" }}
      {...attributes}
      {...listeners}
      aria-label={t({ message: `Move form ${code}`, comment: "Accessible label of a row's drag handle; {code} is the form's code" })}
    >
      <DragHandleIcon />
    </ActionIcon>
  );
  return <FormRow form={form} organizer handle={handle} rowRef={setNodeRef} style={style} {...actions} />;
}
