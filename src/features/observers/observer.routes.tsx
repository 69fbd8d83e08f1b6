import { Route } from "react-router";
import type { FeatureRoutes } from "../../shared/routing/feature-routes";
import { lazyPage } from "../../shared/routing/lazy-page";
import { paths } from "../../shared/paths";

const ObserverList = lazyPage(() => import("./ObserverList"), "ObserverList");
const ObserverShow = lazyPage(() => import("./ObserverShow"), "ObserverShow");
const ObserverImport = lazyPage(() => import("./ObserverImport"), "ObserverImport");

export const observerRoutes: FeatureRoutes = {
  staff: (
    <>
      <Route path={paths.observers.path} element={<ObserverList />} />
      <Route path={paths.observerNew.path} element={<ObserverShow />} />
      <Route path={paths.observer.path} element={<ObserverShow />} />
      <Route path={paths.observerImport.path} element={<ObserverImport />} />
    </>
  ),
};
