import { Route } from "react-router";
import type { FeatureRoutes } from "../../shared/routing/feature-routes";
import { lazyPage } from "../../shared/routing/lazy-page";
import { paths } from "../../shared/paths";

const NotificationSend = lazyPage(() => import("./NotificationSend"), "NotificationSend");

export const notificationRoutes: FeatureRoutes = {
  staff: <Route path={paths.notifications.path} element={<NotificationSend />} />,
};
