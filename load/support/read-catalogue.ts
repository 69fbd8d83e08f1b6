import type { components } from "../../openapi/schema.d.ts";

/** Every statistic the dashboard's cards read (the contract's `StatisticsMethod`), for the benches and the soak. */
export const STATISTICS_METHODS: components["schemas"]["StatisticsMethod"][] = [
  "observerNumber",
  "countiesIrregularities",
  "pollingStationIrregularities",
  "countiesOpeningIrregularities",
  "pollingStationOpeningIrregularities",
  "countiesByCountingIrregularities",
  "pollingStationsByCountingIrregularities",
];

/** Every coverage number with a station list behind it (the contract's `CoverageMeasure`). */
export const COVERAGE_MEASURES: components["schemas"]["CoverageMeasure"][] = ["observed", "unobserved", "assigned", "assignedNotArrived", "opened", "reporting", "counted", "silent"];
