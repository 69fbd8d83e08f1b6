import { Route } from "react-router";
import type { FeatureRoutes } from "../../shared/routing/feature-routes";
import { lazyPage } from "../../shared/routing/lazy-page";
import { paths } from "../../shared/paths";

const StationList = lazyPage(() => import("./list/StationList"), "StationList");
const StationShow = lazyPage(() => import("./station/StationShow"), "StationShow");
const StationEdit = lazyPage(() => import("./station/StationEdit"), "StationEdit");
const StationImport = lazyPage(() => import("./import/StationImport"), "StationImport");

/** Every staff member reads the registry; organizers add, change, retire and import stations. */
export const pollingStationRoutes: FeatureRoutes = {
  staff: (
    <>
      <Route path={paths.pollingStations.path} element={<StationList />} />
      <Route path={paths.pollingStation.path} element={<StationShow />} />
    </>
  ),
  organizer: (
    <>
      <Route path={paths.pollingStationNew.path} element={<StationEdit />} />
      <Route path={paths.pollingStationEdit.path} element={<StationEdit />} />
      <Route path={paths.pollingStationImport.path} element={<StationImport />} />
    </>
  ),
};
