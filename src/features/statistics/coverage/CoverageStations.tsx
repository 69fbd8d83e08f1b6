import { Anchor, Stack } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import { Link, useParams, useSearchParams } from "react-router";
import { paths } from "../../../shared/paths";
import { CoverageStationList } from "./CoverageStationList";
import { CoverageStationNotFound } from "./CoverageStationNotFound";
import { isCoverageMeasure } from "./coverage.messages";
import { isCountyCode, silentMinutesFromSearch } from "./coverage.url";

/** Back to the board with the same threshold, so the numbers there are the ones that led here. */
function BackToStatistics({ silentMinutes }: { silentMinutes: number }) {
  return (
    <Anchor component={Link} to={`${paths.statistics.href()}?silentMinutes=${silentMinutes}`} size="sm" data-testid="coverage-back">
      <Trans comment="Link from a coverage station list back to the statistics page">Back to statistics</Trans>
    </Anchor>
  );
}

/**
 * /statistics/coverage/:county/:measure: the polling stations behind one number of the coverage board. A
 * malformed county or an unknown measure is answered here, without asking the server.
 */
export function CoverageStations() {
  const { county, measure } = useParams();
  const [search] = useSearchParams();
  const silentMinutes = silentMinutesFromSearch(search);
  const known = isCountyCode(county) && isCoverageMeasure(measure);
  return (
    <Stack gap="md">
      <BackToStatistics silentMinutes={silentMinutes} />
      {known ? (
        // A fresh list (and request) for each number: nothing of another county's list can show here.
        <CoverageStationList key={`${county}/${measure}/${silentMinutes}`} query={{ county, measure, silentMinutes }} />
      ) : (
        <CoverageStationNotFound />
      )}
    </Stack>
  );
}
