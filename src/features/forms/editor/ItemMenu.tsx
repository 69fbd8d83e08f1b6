import { use, type ReactNode } from "react";
import { ActionIcon, Menu } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import { ListMoreIcon } from "../../../shared/ui/ListIcons";
import { ReadOnlyContext } from "./editor-context";

interface ItemMenuProps {
  /** The button's DOM id: focus comes back to it after a move. */
  id: string;
  label: string;
  index: number;
  count: number;
  onMove: (to: number) => void;
  deleteLabel: ReactNode;
  onDelete: () => void;
  /** More moves (a question's "Move to section"), between the moves and Delete. */
  children?: ReactNode;
}

/** The keyboard path of a section or question: move up, move down, and delete, in a menu on its card. */
export function ItemMenu({ id, label, index, count, onMove, deleteLabel, onDelete, children }: ItemMenuProps) {
  const readOnly = use(ReadOnlyContext);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon id={id} variant="subtle" color="gray" aria-label={label}>
          <ListMoreIcon />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item disabled={readOnly || index === 0} onClick={() => onMove(index - 1)}>
          <Trans>Move up</Trans>
        </Menu.Item>
        <Menu.Item disabled={readOnly || index === count - 1} onClick={() => onMove(index + 1)}>
          <Trans>Move down</Trans>
        </Menu.Item>
        {children}
        <Menu.Divider />
        <Menu.Item color="red" disabled={readOnly} onClick={onDelete}>
          {deleteLabel}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
