import { useEffect } from "react";
import type { AnswersRoomActor } from "../answers-room.context";
import type { TriagePanelCommand } from "../details/triage";
import { useTriageKeys } from "./use-triage-keys";

/**
 * Keyboard triage in the answers room: j/k walk the rows (the feed turns pages), Enter opens the focused row (it is
 * a link), and c, 1–3, n, u act on the open thread's triage panel; the focus comes back to the row after a comment is
 * added (the room sees to it) or when Escape leaves the comment box.
 */
export function useKeyboardTriage(room: AnswersRoomActor, showShortcuts: () => void) {
  const toFeed = (type: "cursor.next" | "cursor.previous") => () => room.getSnapshot().children.feed?.send({ type });
  const toPanel = (command: TriagePanelCommand) => () => room.send({ type: "triage.command", command });

  useTriageKeys({
    j: toFeed("cursor.next"),
    k: toFeed("cursor.previous"),
    "?": showShortcuts,
    c: toPanel({ type: "triage.claim" }),
    "1": toPanel({ type: "triage.setState", state: "new" }),
    "2": toPanel({ type: "triage.setState", state: "in_progress" }),
    "3": toPanel({ type: "triage.setState", state: "resolved" }),
    n: toPanel({ type: "triage.comment.focus" }),
    u: toPanel({ type: "triage.undo" }),
  });

  // Escape in the open thread's comment box (the page's only text area) goes back to the list.
  useEffect(() => {
    const onEscape = (event: KeyboardEvent) => {
      if (event.key === "Escape" && event.target instanceof HTMLTextAreaElement) room.send({ type: "list.focus" });
    };
    document.addEventListener("keydown", onEscape);
    return () => document.removeEventListener("keydown", onEscape);
  }, [room]);
}
