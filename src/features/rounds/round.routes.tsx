import { Route } from "react-router";
import type { FeatureRoutes } from "../../shared/routing/feature-routes";
import { lazyPage } from "../../shared/routing/lazy-page";
import { paths } from "../../shared/paths";

const RoundList = lazyPage(() => import("./list/RoundList"), "RoundList");
const RoundCreate = lazyPage(() => import("./create/RoundCreate"), "RoundCreate");

export const roundRoutes: FeatureRoutes = {
  organizer: (
    <>
      <Route path={paths.electionRounds.path} element={<RoundList />} />
      <Route path={paths.electionRoundNew.path} element={<RoundCreate />} />
    </>
  ),
};
