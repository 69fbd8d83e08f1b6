import { use, useEffect, useRef, useState, type ReactNode } from "react";
import { Menu } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import { ListMoreIcon } from "../../../shared/ui/ListIcons";
import { ReadOnlyContext } from "./editor-context";
import classes from "./folded-card.module.css";

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

/**
 * The keyboard path of a section or question: move up, move down, and delete, in a menu on its card. A long form
 * has hundreds of these, so the menu itself is mounted on first use: until then the button is a plain one that
 * opens it when pressed (by click, Enter or Space); focus then follows into the open menu and comes back to it.
 */
export function ItemMenu({ id, label, index, count, onMove, deleteLabel, onDelete, children }: ItemMenuProps) {
  const readOnly = use(ReadOnlyContext);
  // plain: a button only; arming: the menu is mounted, closed, its button about to take the focus; then it opens.
  const [phase, setPhase] = useState<"plain" | "arming" | "armed">("plain");
  const [opened, setOpened] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (phase !== "arming") return;
    // The plain button the user pressed is gone: its successor takes the focus first, so that the menu, opening
    // after, returns the focus to it when it closes (by reference: the menu gives its target an id of its own).
    buttonRef.current?.focus();
    setPhase("armed");
    setOpened(true);
  }, [phase]);
  const button = (onClick?: () => void) => (
    <button ref={buttonRef} type="button" id={id} className={classes.actions} aria-label={label} aria-haspopup="menu" aria-expanded={false} onClick={onClick}>
      <ListMoreIcon />
    </button>
  );
  if (phase === "plain") return button(() => setPhase("arming"));
  return (
    <Menu position="bottom-end" withinPortal opened={opened} onChange={setOpened}>
      <Menu.Target>{button()}</Menu.Target>
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
