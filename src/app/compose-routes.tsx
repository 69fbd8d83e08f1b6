import { Fragment } from "react";
import { createRoutesFromElements, Navigate, Route, type RouteObject } from "react-router";
import type { FeatureRoutes } from "../shared/routing/feature-routes";
import { lazyPage } from "../shared/routing/lazy-page";
import { paths } from "../shared/paths";
import { AppLayout } from "./AppLayout";
import { OrganizerGuard } from "./OrganizerGuard";

const NotFoundPage = lazyPage(() => import("./NotFoundPage"), "NotFoundPage");

/**
 * The signed-in route table around the features' screens: the shell, /urgents as the start, the organizer guard
 * and the not-found page. Paths keep the original product's (Romanian) spelling so existing links keep working;
 * every page loads on first visit. /login is for logged-out visitors only, so here it leads on to /urgents (the
 * logged-out guard).
 */
export function composeRoutes(features: readonly FeatureRoutes[]): RouteObject[] {
  return createRoutesFromElements(
    <>
      <Route path={paths.login.path} element={<Navigate to={paths.urgents.href()} replace />} />
      <Route element={<AppLayout />}>
        <Route index element={<Navigate to={paths.urgents.href()} replace />} />
        {features.map((feature, index) => (
          <Fragment key={index}>{feature.staff}</Fragment>
        ))}
        <Route element={<OrganizerGuard />}>
          {features.map((feature, index) => (
            <Fragment key={index}>{feature.organizer}</Fragment>
          ))}
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </>,
  );
}
