import type { ApiClient } from "../../../api/client";
import { download } from "../../../api/download";
import { expectData } from "../../../api/problem";
import type { components } from "../../../api/schema";
import { fromAbortablePromise } from "../../../shared/machines/from-abortable-promise";
import type { ListFilter, ListPage, ListQuery } from "../../../shared/machines/list.machine";
import type { MutationProgress } from "../../../shared/machines/mutation.machine";
import { serverOffset } from "../../../shared/server-clock";
import { OLDEST_UNHANDLED, REVIEW_STATES } from "./answer-list.config";

export type AnswerThread = components["schemas"]["AnswerThread"];
export type AnswerThreadTotals = components["schemas"]["AnswerThreadTotals"];
export type County = components["schemas"]["County"];
type ReviewState = components["schemas"]["ReviewState"];

const isReviewState = (value: string | undefined): value is ReviewState => (REVIEW_STATES as readonly (string | undefined)[]).includes(value);

/**
 * A thread as a list row. The list machine keys rows by `id` (for its selection, which this list does not use); a
 * thread's own key is its observer and station, so the row's place on the page serves. The list machine keeps rows
 * and their count only, so each row also carries the totals of the page it came with (see selectTotals) and the
 * server clock's offset from this browser's when the page arrived (age clocks run on the server's time).
 */
export type AnswerThreadRow = AnswerThread & { id: number; listTotals: AnswerThreadTotals; clockOffset: number };

/** What the list and its download filter on: the form's fields and whether the page is the urgents one. */
export interface AnswerFilterRequest {
  filter: ListFilter;
  urgent: boolean;
}

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const positiveInteger = (value: string | undefined) => {
  const number = Number(value?.trim());
  return Number.isInteger(number) && number > 0 ? number : undefined;
};
const text = (value: string | undefined) => value?.trim() || undefined;

/** The filters listAnswerThreads and exportAnswers share, with only the non-empty ones (spec, section 5). */
function filterParams({ filter, urgent }: AnswerFilterRequest) {
  const params = {
    county: text(filter.county),
    pollingStationNumber: positiveInteger(filter.pollingStationNumber),
    from: text(filter.from),
    to: text(filter.to),
    formCode: text(filter.formCode),
    urgent: urgent || undefined,
  };
  return Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined)) as Partial<typeof params>;
}

export function toThreadQuery(request: AnswerFilterRequest) {
  const { observerPhoneNumber, state, sort } = request.filter;
  const phone = text(observerPhoneNumber);
  return {
    ...filterParams(request),
    ...(phone ? { observerPhoneNumber: phone } : {}),
    ...(isReviewState(state) ? { state } : {}),
    ...(sort === OLDEST_UNHANDLED ? { sort: OLDEST_UNHANDLED } : {}),
  };
}

/** The export names the phone filter differently (phoneObserver), as the contract keeps the original's name. */
export function toExportQuery(request: AnswerFilterRequest) {
  const { observerPhoneNumber, state } = toThreadQuery(request);
  return { ...filterParams(request), ...(observerPhoneNumber ? { phoneObserver: observerPhoneNumber } : {}), ...(state ? { state } : {}) };
}

/** The loader of the list machine for answer threads (listAnswerThreads), on the urgents page flagged ones only. */
export function createAnswerListActors(api: ApiClient, urgent: boolean) {
  return {
    actors: {
      // Starts on mount: see fromAbortablePromise.
      loadPage: fromAbortablePromise<ListPage, ListQuery>(async ({ input, signal }) => {
        const page = await expectData(
          api.GET("/api/v1/answers", {
            params: { query: { page: input.page, pageSize: input.pageSize, ...toThreadQuery({ filter: input.filter, urgent }) } },
            signal,
          }),
        );
        const clockOffset = serverOffset(page.serverTime, Date.now());
        const items: AnswerThreadRow[] = page.data.map((thread, index) => ({ ...thread, id: index, listTotals: page.totals, clockOffset }));
        return { items, totalItems: page.totalItems };
      }),
    },
  };
}

/** Every county for the filter's select (listCounties); read back through selectCounties. */
export function createCountyActors(api: ApiClient) {
  return {
    actors: {
      load: fromAbortablePromise<unknown>(({ signal }) => expectData(api.GET("/api/v1/polling-station", { signal }))),
    },
  };
}

/**
 * Streams the XLSX of the threads the filters list (exportAnswers), reporting the bytes received so far (`done`;
 * `total` is the announced size, 0 when the server streams without one).
 */
export function exportAnswers(
  api: ApiClient,
  request: AnswerFilterRequest,
  { signal, reportProgress }: { signal: AbortSignal; reportProgress: (progress: MutationProgress) => void },
): Promise<Blob> {
  const call = api.GET("/api/v1/export/all", { params: { query: toExportQuery(request) }, parseAs: "stream", signal });
  return download(call, XLSX_TYPE, (done, total) => reportProgress({ done, total }));
}
