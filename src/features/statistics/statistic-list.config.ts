import { fromCallback } from "xstate";
import type { ListInput } from "../../shared/machines/list.machine";
import { REFRESH_INTERVAL_MS } from "./statistics-board.machine";
import { LIST_PAGE_SIZE } from "./statistics.config";

/** 20 a page (spec, section 7), in the server's only order: largest value first. No filter. */
export const STATISTIC_LIST_INPUT: ListInput = { pageSize: LIST_PAGE_SIZE, emptyFilter: {}, sort: { by: "value", direction: "desc" } };

/** Refreshes the page shown on its own, as the cards do; the list machine keeps the rows on screen meanwhile. */
export const refreshEveryInterval = fromCallback(({ sendBack }) => {
  const timer = setInterval(() => sendBack({ type: "list.refresh" }), REFRESH_INTERVAL_MS);
  return () => clearInterval(timer);
});
