import type { ListInput } from "../../shared/machines/list.machine";
import { REFRESH_INTERVAL_MS } from "./statistics-board";
import { LIST_PAGE_SIZE } from "./statistics.config";

/**
 * 20 a page (spec, section 7), in the server's only order: largest value first. No filter. The page shown loads
 * again on its own as the cards do, 10 s after its answer; the list machine keeps the rows on screen meanwhile.
 */
export const STATISTIC_LIST_INPUT: ListInput = {
  pageSize: LIST_PAGE_SIZE,
  emptyFilter: {},
  sort: { by: "value", direction: "desc" },
  refreshInterval: REFRESH_INTERVAL_MS,
};
