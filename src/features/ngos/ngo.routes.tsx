import { Route } from "react-router";
import type { FeatureRoutes } from "../../shared/routing/feature-routes";
import { lazyPage } from "../../shared/routing/lazy-page";
import { paths } from "../../shared/paths";

const NgoList = lazyPage(() => import("./NgoList"), "NgoList");
const NgoShow = lazyPage(() => import("./NgoShow"), "NgoShow");

export const ngoRoutes: FeatureRoutes = {
  organizer: (
    <>
      <Route path={paths.ngos.path} element={<NgoList />} />
      <Route path={paths.ngoNew.path} element={<NgoShow />} />
      <Route path={paths.ngo.path} element={<NgoShow />} />
    </>
  ),
};
