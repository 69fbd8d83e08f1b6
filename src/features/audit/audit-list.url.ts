import type { ListFilter } from "../../shared/machines/list.machine";
import { paths } from "../../shared/paths";
import { actionFitsSubjectType, AUDIT_FILTER_FIELDS, EMPTY_AUDIT_FILTER, isAction, isSubjectType } from "./audit-list.config";

const isPositiveInteger = (value: string) => /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647;
const isInstant = (value: string) => !Number.isNaN(Date.parse(value));

/**
 * The filter a URL query holds, with what the contract would refuse left out: an unknown subject type or action, an
 * id that is not a positive integer, a time that is not one, a subject id without its type, an action of another
 * kind of subject. Unknown parameters are ignored; missing ones are empty.
 */
export function filterFromSearch(search: URLSearchParams): ListFilter {
  const read = (field: string) => search.get(field)?.trim() ?? "";
  const subjectType = isSubjectType(read("subjectType")) ? read("subjectType") : "";
  const action = read("action");
  return {
    ...EMPTY_AUDIT_FILTER,
    subjectType,
    subjectId: subjectType && isPositiveInteger(read("subjectId")) ? read("subjectId") : "",
    action: isAction(action) && actionFitsSubjectType(action, subjectType) ? action : "",
    ngoId: isPositiveInteger(read("ngoId")) ? read("ngoId") : "",
    search: read("search").slice(0, 100),
    from: isInstant(read("from")) ? read("from") : "",
    to: isInstant(read("to")) ? read("to") : "",
  };
}

/** The log's address for a filter (its empty fields left out, in a fixed order): equal filters, equal addresses. */
export const auditHref = (filter: ListFilter) => paths.audit.href(filter);

/** Nothing filters the log. */
export const isEmptyFilter = (filter: ListFilter) => AUDIT_FILTER_FIELDS.every((field) => !filter[field]?.trim());
