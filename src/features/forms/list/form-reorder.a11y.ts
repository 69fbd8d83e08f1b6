import type { Announcements, ScreenReaderInstructions, UniqueIdentifier } from "@dnd-kit/core";
import { useLingui } from "@lingui/react/macro";
import type { FormListRow } from "./form-list.selectors";

/**
 * What screen readers hear while a form is moved, in the user's language (dnd-kit's own texts are English and
 * speak of "draggable items"). Positions are those of the # column: in the whole list, not on the page.
 */
export function useFormReorderAccessibility(rows: readonly FormListRow[], total: number): {
  announcements: Announcements;
  screenReaderInstructions: ScreenReaderInstructions;
} {
  const { t } = useLingui();
  const find = (id: UniqueIdentifier | undefined) => rows.find((row) => row.id === id);
  const codeOf = (id: UniqueIdentifier) => find(id)?.code ?? "";
  const positionOf = (id: UniqueIdentifier | undefined) => find(id)?.index ?? 0;

  return {
    screenReaderInstructions: {
      draggable: t({
        message:
          "To move a form, press Space or Enter on its handle. Use the up and down arrow keys to choose its new place, then press Space or Enter to drop it there, or Escape to cancel.",
        comment: "Screen reader instructions of a drag handle in the forms list",
      }),
    },
    announcements: {
      onDragStart: ({ active }) => {
        const code = codeOf(active.id);
        const position = positionOf(active.id);
        return t`Picked up form ${code}. It is at position ${position} of ${total}.`;
      },
      onDragOver: ({ active, over }) => {
        const code = codeOf(active.id);
        if (!over) return t`Form ${code} is no longer over a place in the list.`;
        const position = positionOf(over.id);
        return t`Form ${code} would move to position ${position} of ${total}.`;
      },
      onDragEnd: ({ active, over }) => {
        const code = codeOf(active.id);
        if (!over) return t`Form ${code} was dropped outside the list and stays where it was.`;
        const position = positionOf(over.id);
        return t`Form ${code} was dropped at position ${position} of ${total}.`;
      },
      onDragCancel: ({ active }) => {
        const code = codeOf(active.id);
        return t`Moving was cancelled. Form ${code} stays where it was.`;
      },
    },
  };
}
