import { Link } from "react-router";
import { Anchor, List, Title } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import { paths } from "../../../shared/paths";
import type { PollingStation } from "../polling-stations.types";

/** Where the station's reports are: its answer threads, and its county's coverage (observed or not). */
export function StationLinks({ station }: { station: PollingStation }) {
  const { countyCode, countyName, number } = station;
  return (
    <section aria-labelledby="station-reports">
      <Title order={2} size="h4" id="station-reports" mb="xs">
        <Trans comment="Heading: links to a polling station's answers and coverage">Reports</Trans>
      </Title>
      <List spacing={4}>
        <List.Item>
          <Anchor component={Link} to={paths.answers.href({ county: countyCode, pollingStationNumber: number })}>
            <Trans>Answers sent from this station</Trans>
          </Anchor>
        </List.Item>
        <List.Item>
          <Anchor component={Link} to={paths.coverageStations.href(countyCode, "observed")}>
            <Trans>Stations with an observer in {countyName}</Trans>
          </Anchor>
        </List.Item>
        <List.Item>
          <Anchor component={Link} to={paths.coverageStations.href(countyCode, "unobserved")}>
            <Trans>Stations without an observer in {countyName}</Trans>
          </Anchor>
        </List.Item>
      </List>
    </section>
  );
}
