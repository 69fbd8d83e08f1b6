import { Route } from "react-router";
import type { FeatureRoutes, RouteData } from "../../shared/routing/feature-routes";
import { lazyPage } from "../../shared/routing/lazy-page";
import { paths } from "../../shared/paths";
import { prefetchStatistics } from "./statistics-prefetch";

const StatisticsCards = lazyPage(() => import("./StatisticsCards"), "StatisticsCards");
const StatisticsShow = lazyPage(() => import("./StatisticsShow"), "StatisticsShow");
const CoverageStations = lazyPage(() => import("./coverage/CoverageStations"), "CoverageStations");

const cardsData: RouteData = { prefetch: (_, api, search) => prefetchStatistics(api, search) };

export const statisticsRoutes: FeatureRoutes = {
  staff: (
    <>
      <Route path={paths.statistics.path} element={<StatisticsCards />} handle={cardsData} />
      <Route path={paths.statistic.path} element={<StatisticsShow />} />
      <Route path={paths.coverageStations.path} element={<CoverageStations />} />
    </>
  ),
};
