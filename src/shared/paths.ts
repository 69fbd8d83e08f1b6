/**
 * Every route of the product: `path` is the route table's pattern (relative to the signed-in layout), `href()`
 * builds a link to it. Paths keep the original product's Romanian spelling so existing links keep working.
 * Features link to each other only through this table, never through literals.
 */

import type { components } from "../api/schema";

type ProfileState = "new" | "view" | "edit";

/** `/notifications?observerIds=1,2`: the composer opens with these observers chosen. */
function withObserverIds(base: string, observerIds: readonly number[] = []): string {
  return observerIds.length === 0 ? base : `${base}?observerIds=${observerIds.join(",")}`;
}

/** `base?field=value&…` with the query's non-empty fields, in the order given (so equal filters give equal links). */
function withQuery<Field extends string>(base: string, order: readonly Field[], query: Partial<Record<Field, string | number>>): string {
  const search = new URLSearchParams();
  for (const field of order) {
    const value = String(query[field] ?? "").trim();
    if (value) search.set(field, value);
  }
  const text = search.toString();
  return text ? `${base}?${text}` : base;
}

/**
 * The filter of the answers and urgents lists, as their URL query carries it (answers/list reads these names, in
 * this order): how other screens link to exactly the answers behind a number.
 */
export interface AnswerListQuery {
  county?: string;
  pollingStationNumber?: string | number;
  observerPhoneNumber?: string;
  from?: string;
  to?: string;
  formCode?: string;
  state?: "new" | "in_progress" | "resolved";
  sort?: "oldestUnhandled";
}
const ANSWER_QUERY_ORDER = ["county", "pollingStationNumber", "observerPhoneNumber", "from", "to", "formCode", "state", "sort"] as const;

const withAnswerQuery = (base: string, query: AnswerListQuery = {}) => withQuery(base, ANSWER_QUERY_ORDER, query);

/**
 * The filter of the activity log, as its URL query carries it (features/audit reads these names, in this order):
 * how a record's page links to its own history (`subjectType` with `subjectId`).
 */
export interface AuditQuery {
  subjectType?: components["schemas"]["AuditSubjectType"];
  subjectId?: string | number;
  action?: components["schemas"]["AuditAction"];
  ngoId?: string | number;
  search?: string;
  from?: string;
  to?: string;
}
export const AUDIT_QUERY_FIELDS = ["subjectType", "subjectId", "action", "ngoId", "search", "from", "to"] as const;

/**
 * The filter of the polling-station registry, as its URL query carries it (features/polling-stations reads these
 * names, in this order): `county` a county code, `status` active or retired (absent: both).
 */
export interface PollingStationQuery {
  county?: string;
  number?: string | number;
  search?: string;
  status?: "active" | "retired" | "";
}
export const POLLING_STATION_QUERY_FIELDS = ["county", "number", "search", "status"] as const;

export const paths = {
  login: { path: "login", href: () => "/login" },
  home: { path: "", href: () => "/" },
  urgents: { path: "urgents", href: (query?: AnswerListQuery) => withAnswerQuery("/urgents", query) },
  answers: { path: "answers", href: (query?: AnswerListQuery) => withAnswerQuery("/answers", query) },
  /** The child route of /urgents and /answers that shows one observer's answers at one station. */
  answerDetails: {
    path: "details/:idObserver/:idPollingStation",
    href: (list: "urgents" | "answers", observerId: number, pollingStationId: number) =>
      `/${list}/details/${observerId}/${pollingStationId}`,
  },
  statistics: { path: "statistics", href: () => "/statistics" },
  statistic: { path: "statistics/:key", href: (key: string) => `/statistics/${encodeURIComponent(key)}` },
  /** The polling stations behind one number of the coverage board. */
  coverageStations: {
    path: "statistics/coverage/:county/:measure",
    href: (county: string, measure: string, silentMinutes?: number) =>
      `/statistics/coverage/${encodeURIComponent(county)}/${encodeURIComponent(measure)}` +
      (silentMinutes === undefined ? "" : `?silentMinutes=${silentMinutes}`),
  },
  observers: { path: "observatori", href: () => "/observatori" },
  observerImport: { path: "observatori/import", href: () => "/observatori/import" },
  observerNew: { path: "observatori/profil/:state", href: () => "/observatori/profil/new" },
  observer: {
    path: "observatori/profil/:state/:id",
    href: (state: Exclude<ProfileState, "new">, id: number) => `/observatori/profil/${state}/${id}`,
  },
  /** The polling-station registry (every staff member reads it; organizers change it). */
  pollingStations: {
    path: "sectii",
    href: (query: PollingStationQuery = {}) => withQuery("/sectii", POLLING_STATION_QUERY_FIELDS, query),
  },
  pollingStationNew: { path: "sectii/nou", href: () => "/sectii/nou" },
  pollingStationImport: { path: "sectii/import", href: () => "/sectii/import" },
  pollingStation: { path: "sectii/:id", href: (id: number) => `/sectii/${id}` },
  pollingStationEdit: { path: "sectii/:id/edit", href: (id: number) => `/sectii/${id}/edit` },
  ngos: { path: "ong", href: () => "/ong" },
  ngoNew: { path: "ong/:state", href: () => "/ong/new" },
  ngo: { path: "ong/:state/:id", href: (state: Exclude<ProfileState, "new">, id: number) => `/ong/${state}/${id}` },
  forms: { path: "formulare", href: () => "/formulare" },
  formNew: { path: "formulare/nou", href: () => "/formulare/nou" },
  form: { path: "formulare/:formId", href: (formId: number) => `/formulare/${formId}` },
  notifications: {
    path: "notifications",
    href: (observerIds?: readonly number[]) => withObserverIds("/notifications", observerIds),
    /** The same page with its History tab open. */
    historyHref: () => "/notifications?tab=history",
  },
  /** The election rounds (organizers): list, start, archive, reopen, download. */
  electionRounds: { path: "tururi", href: () => "/tururi" },
  /** The wizard of a new round, copying `fromRoundId` when given. */
  electionRoundNew: {
    path: "tururi/nou",
    href: (fromRoundId?: number) => (fromRoundId === undefined ? "/tururi/nou" : `/tururi/nou?from=${fromRoundId}`),
  },
  /** The activity log (organizers): staff actions, newest first. */
  audit: { path: "audit", href: (query: AuditQuery = {}) => withQuery("/audit", AUDIT_QUERY_FIELDS, query) },
} as const;
