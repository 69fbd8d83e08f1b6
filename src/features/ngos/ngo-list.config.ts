import type { ListInput } from "../../shared/machines/list.machine";

/** listNgos has no paging, filter or sort: one page holds every NGO, in the server's order. */
export const NGO_LIST_INPUT: ListInput = {
  pageSize: 1000,
  emptyFilter: {},
  sort: { by: "name", direction: "asc" },
};

/** The same shape serves an NGO's admin accounts (listNgoAdmins). */
export const NGO_ADMIN_LIST_INPUT: ListInput = NGO_LIST_INPUT;
