/** One page of a paged list, as every paged operation of the contract answers it (at least one page, even empty). */
export function pageBody<Item>(data: Item[], totalItems: number, { page, pageSize }: { page: number; pageSize: number }) {
  return { page, pageSize, totalItems, totalPages: Math.max(1, Math.ceil(totalItems / pageSize)), data };
}
