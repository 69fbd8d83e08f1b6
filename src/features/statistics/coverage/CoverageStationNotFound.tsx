import { Text, Title } from "@mantine/core";
import { Trans } from "@lingui/react/macro";

/** A coverage link naming no county or no measure the board has. */
export function CoverageStationNotFound() {
  return (
    <>
      <Title order={1}>
        <Trans comment="Heading of a wrong coverage link">Stations not found</Trans>
      </Title>
      <Text role="alert" data-testid="coverage-not-found">
        <Trans>There is no such county or list of stations. Open one from the coverage board.</Trans>
      </Text>
    </>
  );
}
