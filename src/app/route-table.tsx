import { createRoutesFromElements, matchRoutes, Navigate, Route, type Params } from "react-router";
import type { ApiClient } from "../api/client";
import { prefetchForm } from "../features/forms/form-prefetch";
import { prefetchStatistics } from "../features/statistics/statistics-prefetch";
import { AppLayout } from "./AppLayout";
import { lazyPage, type LazyPage } from "./lazy-page";
import { OrganizerGuard } from "./OrganizerGuard";
import { paths } from "../shared/paths";

const UrgentAnswerList = lazyPage(() => import("../features/answers/UrgentAnswerList"), "UrgentAnswerList");
const AnswerList = lazyPage(() => import("../features/answers/AnswerList"), "AnswerList");
const AnswerShow = lazyPage(() => import("../features/answers/AnswerShow"), "AnswerShow");
const StatisticsCards = lazyPage(() => import("../features/statistics/StatisticsCards"), "StatisticsCards");
const StatisticsShow = lazyPage(() => import("../features/statistics/StatisticsShow"), "StatisticsShow");
const CoverageStations = lazyPage(() => import("../features/statistics/coverage/CoverageStations"), "CoverageStations");
const ObserverList = lazyPage(() => import("../features/observers/ObserverList"), "ObserverList");
const ObserverShow = lazyPage(() => import("../features/observers/ObserverShow"), "ObserverShow");
const ObserverImport = lazyPage(() => import("../features/observers/ObserverImport"), "ObserverImport");
const NgoList = lazyPage(() => import("../features/ngos/NgoList"), "NgoList");
const NgoShow = lazyPage(() => import("../features/ngos/NgoShow"), "NgoShow");
const FormList = lazyPage(() => import("../features/forms/FormList"), "FormList");
// One page for both routes: a new form's first save moves it to /formulare/:formId without opening it again.
const FormEditorPage = lazyPage(() => import("../features/forms/editor/FormEditorPage"), "FormEditorPage");
const NotificationSend = lazyPage(() => import("../features/notifications/NotificationSend"), "NotificationSend");
const AuditList = lazyPage(() => import("../features/audit/AuditList"), "AuditList");
const NotFoundPage = lazyPage(() => import("./NotFoundPage"), "NotFoundPage");

/** What a route knows beyond its page: the data to fetch while the page's code loads. */
interface RouteData {
  prefetch?: (params: Params, api: ApiClient, search: URLSearchParams) => void;
}

const prefetchFormOf = (params: Params, api: ApiClient) => {
  const id = Number(params.formId);
  if (Number.isSafeInteger(id) && id > 0) prefetchForm(api, id);
};

const answerDetails = <Route path={paths.answerDetails.path} element={<AnswerShow />} />;

/**
 * The route table of signed-in staff. Paths keep the original product's (Romanian) spelling so existing links
 * keep working; every page loads on first visit. /login is for logged-out visitors only, so here it leads on to
 * /urgents (the logged-out guard).
 */
export const routes = createRoutesFromElements(
  <>
    <Route path={paths.login.path} element={<Navigate to={paths.urgents.href()} replace />} />
    <Route element={<AppLayout />}>
      <Route index element={<Navigate to={paths.urgents.href()} replace />} />
      <Route path={paths.urgents.path} element={<UrgentAnswerList />}>
        {answerDetails}
      </Route>
      <Route path={paths.answers.path} element={<AnswerList />}>
        {answerDetails}
      </Route>
      <Route path={paths.statistics.path} element={<StatisticsCards />} handle={{ prefetch: (_, api, search) => prefetchStatistics(api, search) } satisfies RouteData} />
      <Route path={paths.statistic.path} element={<StatisticsShow />} />
      <Route path={paths.coverageStations.path} element={<CoverageStations />} />
      <Route path={paths.observers.path} element={<ObserverList />} />
      <Route path={paths.observerNew.path} element={<ObserverShow />} />
      <Route path={paths.observer.path} element={<ObserverShow />} />
      <Route path={paths.observerImport.path} element={<ObserverImport />} />
      <Route path={paths.forms.path} element={<FormList />} />
      <Route path={paths.notifications.path} element={<NotificationSend />} />
      <Route element={<OrganizerGuard />}>
        <Route path={paths.ngos.path} element={<NgoList />} />
        <Route path={paths.ngoNew.path} element={<NgoShow />} />
        <Route path={paths.ngo.path} element={<NgoShow />} />
        <Route path={paths.formNew.path} element={<FormEditorPage />} />
        <Route path={paths.form.path} element={<FormEditorPage />} handle={{ prefetch: prefetchFormOf } satisfies RouteData} />
        <Route path={paths.audit.path} element={<AuditList />} />
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Route>
  </>,
);

/**
 * Loads the code of the page at `pathname` (its lazy pages along the matched routes), so that it renders at once,
 * and starts the data its route prefetches (not waited for: the page takes it when it asks).
 */
export async function preloadPage({ pathname, search }: Pick<Location, "pathname" | "search">, api: ApiClient): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  for (const { route, params } of matches) (route.handle as RouteData | undefined)?.prefetch?.(params, api, new URLSearchParams(search));
  const pages = matches
    .map(({ route }) => (route.element as { type?: Partial<LazyPage> } | undefined)?.type)
    .filter((page): page is LazyPage => typeof page?.preload === "function");
  await Promise.all(pages.map((page) => page.preload()));
}
