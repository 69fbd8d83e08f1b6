import type { ListFilter } from "./machines/list.machine";

/** What a filter form submits: every field without the spaces typed around it. */
export const trimFilter = (filter: ListFilter): ListFilter =>
  Object.fromEntries(Object.entries(filter).map(([field, value]) => [field, value.trim()]));

/** A time window is usable unless its To lies before its From (the contract refuses that); either side may be open. */
export const isTimeRangeValid = (from: string, to: string) => !(from !== "" && to !== "" && Date.parse(to) < Date.parse(from));
