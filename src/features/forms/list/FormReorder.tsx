import type { ReactNode } from "react";
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { useFormReorderAccessibility } from "./form-reorder.a11y";
import type { FormListRow } from "./form-list.selectors";

interface FormReorderProps {
  /** The rows of the page shown, in the order shown. */
  rows: readonly FormListRow[];
  /** How many forms the whole list holds (for the announced positions). */
  total: number;
  /** The form `activeId` goes to the place of `overId`: a move, the forms in between shift by one. */
  onMove: (activeId: number, overId: number) => void;
  children: ReactNode;
}

/**
 * Drag and drop, by pointer or keyboard, over the rows of one page. Only this lazily loaded feature imports
 * @dnd-kit, so it loads with the forms routes and never with the login page.
 */
export function FormReorder({ rows, total, onMove, children }: FormReorderProps) {
  const sensors = useSensors(
    // A click on the handle is not a drag: the pointer has to travel 5 px first (the spec's drag threshold).
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const accessibility = useFormReorderAccessibility(rows, total);
  const drop = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onMove(Number(active.id), Number(over.id));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={drop} accessibility={accessibility}>
      <SortableContext items={rows.map((row) => row.id)} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}
