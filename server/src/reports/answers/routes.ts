import type { Admin } from "../../auth/principal.ts";
import { scopeOf } from "../../auth/scope.ts";
import { json, type AdminHandlers, type Handlers, type JsonResponseOf, type QueryOf, roundIdOf } from "../../http/handler.ts";
import { readInstant } from "../../http/instant.ts";
import { fail } from "../../problem.ts";
import { answerOf, observerKeyOf, writeOnce } from "../../observer-idempotency.ts";
import { exportAnswers } from "./export.ts";
import { listFilledInAnswers } from "./filled-in.ts";
import { checkReportScope } from "../scope.ts";
import { submitAnswers } from "./submit.ts";
import { listThreadPage, threadTotals, type ThreadFilter } from "./threads.ts";
import { pageBody } from "../../http/paging.ts";

type ThreadQuery = Omit<QueryOf<"listAnswerThreads">, "page" | "pageSize" | "sort">;

/** The list filters in the caller's scope; `to` before `from` is a 400 rather than an empty list. */
export function threadFilter(admin: Admin, roundId: number, query: ThreadQuery): ThreadFilter {
  const from = query.from === undefined ? undefined : readInstant("from", query.from);
  const to = query.to === undefined ? undefined : readInstant("to", query.to);
  if (from && to && to < from) throw fail.validation({ to: [{ code: "minimum", message: "must not be before from" }] });
  return {
    scope: scopeOf(admin),
    roundId,
    urgent: query.urgent ?? false,
    countyCode: query.county,
    pollingStationNumber: query.pollingStationNumber,
    observerPhone: query.observerPhoneNumber?.trim() || undefined,
    formCode: query.formCode,
    state: query.state,
    from,
    to,
  };
}

/** Observers send their answers; a batch sent again with its Idempotency-Key is answered without being saved again. */
export const answerHandlers: Handlers = {
  submitAnswers: async ({ body, principal, round, deps, request }) => {
    if (principal?.kind !== "observer") throw fail.forbidden("Only observers send answers.");
    const { observerId } = principal;
    const roundId = roundIdOf(round);
    const answer = await writeOnce(deps.db, observerKeyOf(request, observerId, "submitAnswers", roundId, body), async (trx) => {
      await submitAnswers(trx, roundId, observerId, body.answers, deps.clock());
      return { status: 204, body: null };
    });
    return answerOf(answer);
  },
};

/** Staff read the answers of their NGO's observers (organizers: every NGO's). */
export const answerAdminHandlers: AdminHandlers = {
  listAnswerThreads: async ({ query, admin, round, deps }) => {
    const filter = threadFilter(admin, roundIdOf(round), query);
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? 10;
    const now = deps.clock();
    // Two independent reads, side by side on two connections of the pool.
    const [{ threads, ...totals }, data] = await Promise.all([
      threadTotals(deps.db, filter),
      listThreadPage(deps.db, filter, { page, pageSize, sort: query.sort ?? "latest", now, adminId: admin.adminId }),
    ]);
    const body = { totals, serverTime: now.toISOString(), ...pageBody(data, threads, { page, pageSize }) };
    return json(200, body satisfies JsonResponseOf<"listAnswerThreads", 200>);
  },

  exportAnswers: ({ query, admin, round, deps }) => {
    const filter = threadFilter(admin, roundIdOf(round), {
      county: query.county,
      pollingStationNumber: query.pollingStationNumber,
      observerPhoneNumber: query.phoneObserver,
      formCode: query.formCode,
      urgent: query.urgent,
      state: query.state,
      from: query.from,
      to: query.to,
    });
    return exportAnswers(deps.db, filter, deps.config.publicUrl ?? "http://127.0.0.1:8080");
  },

  listFilledInAnswers: async ({ query, admin, round, deps }) => {
    const report = { observerId: query.idObserver, pollingStationId: query.idPollingStation };
    await checkReportScope(deps.db, scopeOf(admin), roundIdOf(round), report);
    return json(200, (await listFilledInAnswers(deps.db, report)) satisfies JsonResponseOf<"listFilledInAnswers", 200>);
  },
};
