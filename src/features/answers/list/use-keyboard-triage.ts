import { useEffect } from "react";
import type { ActorRefFrom } from "xstate";
import { useLiveEvents } from "../../../shared/live";
import { sendToTriagePanel, triagePanelStore, type TriagePanelCommand } from "../details/triage";
import { threadKey } from "./live-match";
import type { threadFeedMachine } from "./thread-feed.machine";
import { useTriageKeys } from "./use-triage-keys";

interface OpenThread {
  idObserver?: string;
  idPollingStation?: string;
}

/**
 * Keyboard triage on a threads list: j/k walk the rows (the feed turns pages), Enter opens the focused row (it is a
 * link), and c, 1–3, n, u act on the open thread's triage panel; the focus comes back to the row after a comment is
 * added or Escape leaves the comment box. A live event about the open thread refreshes its panel.
 */
export function useKeyboardTriage(feed: ActorRefFrom<typeof threadFeedMachine>, open: OpenThread | undefined, showShortcuts: () => void) {
  const thread = open?.idObserver && open.idPollingStation ? { observerId: Number(open.idObserver), pollingStationId: Number(open.idPollingStation) } : null;
  const openKey = thread ? threadKey({ idObserver: thread.observerId, idPollingStation: thread.pollingStationId }) : null;
  const toPanel = (command: TriagePanelCommand) => () => void (thread && sendToTriagePanel(thread, command));

  useTriageKeys({
    j: () => feed.send({ type: "cursor.next" }),
    k: () => feed.send({ type: "cursor.previous" }),
    "?": showShortcuts,
    c: toPanel({ type: "triage.claim" }),
    "1": toPanel({ type: "triage.setState", state: "new" }),
    "2": toPanel({ type: "triage.setState", state: "in_progress" }),
    "3": toPanel({ type: "triage.setState", state: "resolved" }),
    n: toPanel({ type: "triage.comment.focus" }),
    u: toPanel({ type: "triage.undo" }),
  });

  useLiveEvents((live) => {
    if (live.type === "reset" || (thread && live.event.idObserver === thread.observerId && live.event.idPollingStation === thread.pollingStationId)) {
      if (thread) sendToTriagePanel(thread, { type: "triage.refresh" });
    }
  });

  // Back to the list: after a comment is added, or Escape in the open thread's comment box.
  useEffect(() => {
    const backToList = () => feed.send({ type: "cursor.focus", key: openKey });
    let added: { unsubscribe(): void } | undefined;
    const watch = triagePanelStore.subscribe((snapshot) => {
      added?.unsubscribe();
      added = snapshot.context.open?.actor.on("comment.added", backToList);
    });
    added = triagePanelStore.getSnapshot().context.open?.actor.on("comment.added", backToList);
    const onEscape = (event: KeyboardEvent) => {
      if (event.key === "Escape" && event.target instanceof HTMLTextAreaElement && triagePanelStore.getSnapshot().context.open) backToList();
    };
    document.addEventListener("keydown", onEscape);
    return () => {
      watch.unsubscribe();
      added?.unsubscribe();
      document.removeEventListener("keydown", onEscape);
    };
  }, [feed, openKey]);
}
