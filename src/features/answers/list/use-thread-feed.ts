import { useEffect, useRef } from "react";
import type { ActorRefFrom, SnapshotFrom } from "xstate";
import type { ListFilter, listMachine } from "../../../shared/machines/list.machine";
import { useLiveEvents } from "../../../shared/live";
import { usePageActor } from "../../../shared/use-page-actor";
import { threadKey } from "./live-match";
import { threadFeedMachine } from "./thread-feed.machine";
import type { AnswerThreadRow } from "./answer-list.actors";

/**
 * The live side of a threads list (threadFeedMachine), fed with the rows the list machine shows and with the live
 * channel's events; `onPageTurn` runs when the keyboard turns a page.
 */
export function useThreadFeed(list: ActorRefFrom<typeof listMachine>, filter: ListFilter, urgent: boolean, onPageTurn: () => void) {
  const feed = usePageActor(threadFeedMachine, {}, { input: { list, filter, urgent } });

  useEffect(() => {
    let shownItems: unknown = null;
    const show = (snapshot: SnapshotFrom<typeof listMachine>) => {
      if (snapshot.context.items === shownItems || !snapshot.matches("ready")) return;
      shownItems = snapshot.context.items;
      feed.send({
        type: "rows.shown",
        keys: (snapshot.context.items as AnswerThreadRow[]).map(threadKey),
        hasNext: snapshot.can({ type: "page.next" }),
        hasPrevious: snapshot.can({ type: "page.previous" }),
      });
    };
    show(list.getSnapshot());
    const subscription = list.subscribe(show);
    return () => subscription.unsubscribe();
  }, [list, feed]);

  const filterText = JSON.stringify(filter);
  useEffect(() => {
    feed.send({ type: "filter.changed", filter: JSON.parse(filterText) as ListFilter });
  }, [feed, filterText]);

  const pageTurn = useRef(onPageTurn);
  useEffect(() => {
    pageTurn.current = onPageTurn;
  });
  useEffect(() => {
    const subscription = feed.on("page.turned", () => pageTurn.current());
    return () => subscription.unsubscribe();
  }, [feed]);

  useLiveEvents((live) => {
    feed.send(live.type === "reset" ? { type: "live.reset" } : { type: "live.thread", event: live.event });
  });

  return feed;
}
