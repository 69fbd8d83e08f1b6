import { Navigate, type RouteObject } from "react-router";
import { LoginPage } from "../features/session/LoginPage";
import { RequireLoggedOut, RequireSession } from "./guards";

const answerDetails: RouteObject = {
  path: "details/:idObserver/:idPollingStation",
  lazy: async () => ({ Component: (await import("../features/answers/AnswerShow")).AnswerShow }),
};

const observerProfile = async () => ({
  Component: (await import("../features/observers/ObserverShow")).ObserverShow,
});

const ngoProfile = async () => ({ Component: (await import("../features/ngos/NgoShow")).NgoShow });

/** Paths keep the original product's (Romanian) spelling so existing links keep working. Only /login is eager. */
export const appRoutes: RouteObject[] = [
  {
    element: <RequireLoggedOut />,
    children: [{ path: "/login", Component: LoginPage }],
  },
  {
    element: <RequireSession />,
    children: [
      {
        lazy: async () => ({ Component: (await import("./AppLayout")).AppLayout }),
        children: [
          { index: true, element: <Navigate to="/urgents" replace /> },
          {
            path: "urgents",
            lazy: async () => ({ Component: (await import("../features/answers/UrgentAnswerList")).UrgentAnswerList }),
            children: [answerDetails],
          },
          {
            path: "answers",
            lazy: async () => ({ Component: (await import("../features/answers/AnswerList")).AnswerList }),
            children: [answerDetails],
          },
          {
            path: "statistics",
            lazy: async () => ({ Component: (await import("../features/statistics/StatisticsCards")).StatisticsCards }),
          },
          {
            path: "statistics/:key",
            lazy: async () => ({ Component: (await import("../features/statistics/StatisticsShow")).StatisticsShow }),
          },
          {
            path: "observatori",
            lazy: async () => ({ Component: (await import("../features/observers/ObserverList")).ObserverList }),
          },
          { path: "observatori/profil/:state", lazy: observerProfile },
          { path: "observatori/profil/:state/:id", lazy: observerProfile },
          {
            path: "observatori/import",
            lazy: async () => ({ Component: (await import("../features/observers/ObserverImport")).ObserverImport }),
          },
          {
            path: "formulare",
            lazy: async () => ({ Component: (await import("../features/forms/FormList")).FormList }),
          },
          {
            path: "notifications",
            lazy: async () => ({
              Component: (await import("../features/notifications/NotificationSend")).NotificationSend,
            }),
          },
          {
            lazy: async () => ({ Component: (await import("./OrganizerGuard")).OrganizerGuard }),
            children: [
              { path: "ong", lazy: async () => ({ Component: (await import("../features/ngos/NgoList")).NgoList }) },
              { path: "ong/:state", lazy: ngoProfile },
              { path: "ong/:state/:id", lazy: ngoProfile },
              {
                path: "formulare/nou",
                lazy: async () => ({ Component: (await import("../features/forms/FormNew")).FormNew }),
              },
              {
                path: "formulare/:formId",
                lazy: async () => ({ Component: (await import("../features/forms/FormEdit")).FormEdit }),
              },
            ],
          },
          { path: "*", lazy: async () => ({ Component: (await import("./NotFoundPage")).NotFoundPage }) },
        ],
      },
    ],
  },
];
