import { useEffect, useState } from "react";
import { createBrowserRouter, createRoutesFromElements, Navigate, Route, RouterProvider, type DataRouter } from "react-router";
import { AppLayout } from "./AppLayout";
import { lazyPage } from "./lazy-page";
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
const NotFoundPage = lazyPage(() => import("./NotFoundPage"), "NotFoundPage");

const answerDetails = <Route path={paths.answerDetails.path} element={<AnswerShow />} />;

/**
 * The route table of signed-in staff. Paths keep the original product's (Romanian) spelling so existing links
 * keep working; every page loads on first visit. /login is for logged-out visitors only, so here it leads on to
 * /urgents (the logged-out guard).
 */
const routes = createRoutesFromElements(
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
      <Route path={paths.statistics.path} element={<StatisticsCards />} />
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
        <Route path={paths.form.path} element={<FormEditorPage />} />
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Route>
  </>,
);

/**
 * A data router, because pages with unsaved drafts block navigation (useBlocker needs one). It is created in an
 * effect so that unmounting (and StrictMode's second mount) disposes of its history listener.
 */
export function SignedInRoutes() {
  const [router, setRouter] = useState<DataRouter | null>(null);
  useEffect(() => {
    const created = createBrowserRouter(routes);
    // The router is an external system (it listens to history): it is made and disposed with the effect.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setRouter(created);
    return () => created.dispose();
  }, []);
  return router ? <RouterProvider router={router} /> : null;
}
