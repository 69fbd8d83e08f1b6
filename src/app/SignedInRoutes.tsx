import { BrowserRouter, Navigate, Route, Routes } from "react-router";
import { AppLayout } from "./AppLayout";
import { lazyPage } from "./lazy-page";
import { OrganizerGuard } from "./OrganizerGuard";

const UrgentAnswerList = lazyPage(() => import("../features/answers/UrgentAnswerList"), "UrgentAnswerList");
const AnswerList = lazyPage(() => import("../features/answers/AnswerList"), "AnswerList");
const AnswerShow = lazyPage(() => import("../features/answers/AnswerShow"), "AnswerShow");
const StatisticsCards = lazyPage(() => import("../features/statistics/StatisticsCards"), "StatisticsCards");
const StatisticsShow = lazyPage(() => import("../features/statistics/StatisticsShow"), "StatisticsShow");
const ObserverList = lazyPage(() => import("../features/observers/ObserverList"), "ObserverList");
const ObserverShow = lazyPage(() => import("../features/observers/ObserverShow"), "ObserverShow");
const ObserverImport = lazyPage(() => import("../features/observers/ObserverImport"), "ObserverImport");
const NgoList = lazyPage(() => import("../features/ngos/NgoList"), "NgoList");
const NgoShow = lazyPage(() => import("../features/ngos/NgoShow"), "NgoShow");
const FormList = lazyPage(() => import("../features/forms/FormList"), "FormList");
const FormNew = lazyPage(() => import("../features/forms/FormNew"), "FormNew");
const FormEdit = lazyPage(() => import("../features/forms/FormEdit"), "FormEdit");
const NotificationSend = lazyPage(() => import("../features/notifications/NotificationSend"), "NotificationSend");
const NotFoundPage = lazyPage(() => import("./NotFoundPage"), "NotFoundPage");

const answerDetails = <Route path="details/:idObserver/:idPollingStation" element={<AnswerShow />} />;

/**
 * The route table of signed-in staff. Paths keep the original product's (Romanian) spelling so existing links
 * keep working; every page loads on first visit. /login is for logged-out visitors only, so here it leads on to
 * /urgents (the logged-out guard).
 */
export function SignedInRoutes() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="login" element={<Navigate to="/urgents" replace />} />
        <Route element={<AppLayout />}>
          <Route index element={<Navigate to="/urgents" replace />} />
          <Route path="urgents" element={<UrgentAnswerList />}>
            {answerDetails}
          </Route>
          <Route path="answers" element={<AnswerList />}>
            {answerDetails}
          </Route>
          <Route path="statistics" element={<StatisticsCards />} />
          <Route path="statistics/:key" element={<StatisticsShow />} />
          <Route path="observatori" element={<ObserverList />} />
          <Route path="observatori/profil/:state" element={<ObserverShow />} />
          <Route path="observatori/profil/:state/:id" element={<ObserverShow />} />
          <Route path="observatori/import" element={<ObserverImport />} />
          <Route path="formulare" element={<FormList />} />
          <Route path="notifications" element={<NotificationSend />} />
          <Route element={<OrganizerGuard />}>
            <Route path="ong" element={<NgoList />} />
            <Route path="ong/:state" element={<NgoShow />} />
            <Route path="ong/:state/:id" element={<NgoShow />} />
            <Route path="formulare/nou" element={<FormNew />} />
            <Route path="formulare/:formId" element={<FormEdit />} />
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
