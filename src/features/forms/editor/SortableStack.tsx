import { createContext, memo, use, useCallback, useLayoutEffect, useMemo, useRef, type ReactNode, type RefObject } from "react";
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ActionIcon, Group, Stack } from "@mantine/core";
import { useLingui } from "@lingui/react/macro";
import { DragHandleIcon } from "../../../shared/ui/ListIcons";

interface SortableStackProps<T> {
  items: readonly T[];
  idOf: (item: T) => string;
  /** What screen readers call an item, with its kind: "question B1.2", "option Yes". */
  nameOf: (item: T) => string;
  onMove: (from: number, to: number) => void;
  renderItem: (item: T, index: number) => ReactNode;
  gap?: "xs" | "sm" | "md";
}

/** The spec's drag thresholds: a press that moves less than 5 px is a click. */
const POINTER_ACTIVATION = { distance: 5 };

/** What the drag callbacks and the announcements need of the list as it is now (read when a drag happens). */
interface ListNow {
  ids: readonly string[];
  nameAt: (index: number) => string;
  onMove: (from: number, to: number) => void;
}

function useAnnouncements(list: RefObject<ListNow>) {
  const { t } = useLingui();
  // The list as the drag found it: by the time the drop is announced, the move has already re-rendered the list.
  const dragged = useRef<ListNow | null>(null);
  return useMemo(() => {
    const now = () => dragged.current ?? list.current;
    const indexOf = (id: UniqueIdentifier | undefined) => now().ids.indexOf(String(id));
    const name = (id: UniqueIdentifier) => {
      const index = indexOf(id);
      return index < 0 ? "" : now().nameAt(index);
    };
    const announcements: Announcements = {
      onDragStart: ({ active }) => {
        dragged.current = list.current;
        const what = name(active.id);
        const position = indexOf(active.id) + 1;
        const total = now().ids.length;
        return t`Picked up ${what}, at position ${position} of ${total}.`;
      },
      onDragOver: ({ active, over }) => {
        const what = name(active.id);
        const position = indexOf(over?.id) + 1;
        const total = now().ids.length;
        return over ? t`${what} would move to position ${position} of ${total}.` : t`${what} is not over a place in the list.`;
      },
      onDragEnd: ({ active, over }) => {
        const what = name(active.id);
        const position = indexOf(over?.id) + 1;
        const total = now().ids.length;
        dragged.current = null;
        return over ? t`${what} was dropped at position ${position} of ${total}.` : t`${what} stays where it was.`;
      },
      onDragCancel: ({ active }) => {
        const what = name(active.id);
        dragged.current = null;
        return t`Moving was cancelled. ${what} stays where it was.`;
      },
    };
    return {
      announcements,
      screenReaderInstructions: {
        draggable: t`To move it, press Space or Enter, choose its new place with the up and down arrow keys, then press Space or Enter to drop it there, or Escape to cancel.`,
      },
    };
  }, [list, t]);
}

/** The rows of the nearest SortableStack: they reach its frame without making the frame render again. */
const RowsContext = createContext<ReactNode>(null);

function Rows() {
  return use(RowsContext);
}

/**
 * A reorderable list of the editor (sections, the questions of a section, the options of a question): each item
 * has a drag handle that also works from the keyboard, and a drop moves the item to the place shown, never swaps.
 */
export function SortableStack<T>({ items, idOf, nameOf, onMove, renderItem, gap = "sm" }: SortableStackProps<T>) {
  // The same ids, the same array: a keystroke changes `items` but not the order.
  const idList = items.map(idOf).join("\u0000");
  const ids = useMemo(() => (idList === "" ? [] : idList.split("\u0000")), [idList]);
  const list = useRef<ListNow>({ ids, nameAt: (index) => nameOf(items[index]!), onMove });
  useLayoutEffect(() => {
    list.current = { ids, nameAt: (index) => nameOf(items[index]!), onMove };
  });
  const rows = items.map((item, index) => (
    <SortableRow key={ids[index]} id={ids[index]!} name={nameOf(item)}>
      {renderItem(item, index)}
    </SortableRow>
  ));
  return (
    <RowsContext value={rows}>
      <SortableFrame ids={ids} gap={gap} list={list} />
    </RowsContext>
  );
}

/**
 * dnd-kit's DndContext gives one of its contexts a new value each time it renders, and React then walks everything
 * under it (for the sections' list, the whole form). With props that stay the same while the user types, it renders
 * on a drag or a move only.
 */
const SortableFrame = memo(function SortableFrame({ ids, gap, list }: { ids: string[]; gap: "xs" | "sm" | "md"; list: RefObject<ListNow> }) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: POINTER_ACTIVATION }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const accessibility = useAnnouncements(list);
  const onDragEnd = useCallback(({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    list.current.onMove(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  }, [ids, list]);

  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={accessibility}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <Stack gap={gap}>
          <Rows />
        </Stack>
      </SortableContext>
    </DndContext>
  );
});

function SortableRow({ id, name, children }: { id: string; name: string; children: ReactNode }) {
  const { t } = useLingui();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <Group
      ref={setNodeRef}
      align="flex-start"
      gap={6}
      wrap="nowrap"
      style={{ transform: CSS.Translate.toString(transform), transition, zIndex: isDragging ? 1000 : undefined, position: "relative" }}
    >
      <ActionIcon
        ref={setActivatorNodeRef}
        id={`move-${id}`}
        variant="subtle"
        color="gray"
        mt={6}
        style={{ cursor: "grab", touchAction: "none" }}
        {...attributes}
        {...listeners}
        aria-label={t`Move ${name}`}
      >
        <DragHandleIcon width={16} height={16} />
      </ActionIcon>
      <div style={{ flex: 1, minWidth: 0 }}>{children}</div>
    </Group>
  );
}
