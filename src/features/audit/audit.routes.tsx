import { Route } from "react-router";
import type { FeatureRoutes } from "../../shared/routing/feature-routes";
import { lazyPage } from "../../shared/routing/lazy-page";
import { paths } from "../../shared/paths";

const AuditList = lazyPage(() => import("./AuditList"), "AuditList");

export const auditRoutes: FeatureRoutes = {
  organizer: <Route path={paths.audit.path} element={<AuditList />} />,
};
