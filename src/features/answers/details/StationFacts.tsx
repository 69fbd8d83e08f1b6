import type { ReactNode } from "react";
import { Alert, Table, Text, Title } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import type { LoadFailure } from "../../../shared/machines/load-failure";
import { DetailsLoadErrorText } from "./details.load-error";
import { formatLocalDateTime } from "./details.format";
import type { StationFacts as Facts } from "./details.types";

function YesNo({ value }: { value: boolean | null }) {
  if (value === null) return <Trans comment="A yes/no fact the observer did not record">Unknown</Trans>;
  return value ? <Trans>Yes</Trans> : <Trans>No</Trans>;
}

function When({ value }: { value: string | null }) {
  if (value === null) return <Trans comment="A time the observer did not record">Unknown</Trans>;
  return <time dateTime={value}>{formatLocalDateTime(value)}</time>;
}

function Fact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" w="50%">
        {label}
      </Table.Th>
      <Table.Td>{children}</Table.Td>
    </Table.Tr>
  );
}

/** What the observer recorded at the station: arrival, departure, urban area, whether the president is a woman. */
export function StationFacts({ facts, error }: { facts: Facts | null; error: LoadFailure | null }) {
  return (
    <section aria-labelledby="station-facts-title">
      <Title order={3} size="h4" id="station-facts-title" mb="xs">
        <Trans comment="Heading: arrival, departure and facts of the polling station">Station facts</Trans>
      </Title>
      {error ? (
        <Alert color="red" role="alert" title={<Trans>The station facts could not be loaded.</Trans>}>
          <DetailsLoadErrorText error={error} />
        </Alert>
      ) : facts === null ? (
        <Text c="dimmed" size="sm">
          <Trans>The observer recorded no facts at this station.</Trans>
        </Text>
      ) : (
        <Table withTableBorder maw={520}>
          <Table.Tbody>
            <Fact label={<Trans comment="When the observer arrived at the station">Arrival</Trans>}>
              <When value={facts.observerArrivalTime} />
            </Fact>
            <Fact label={<Trans comment="When the observer left the station">Departure</Trans>}>
              <When value={facts.observerLeaveTime} />
            </Fact>
            <Fact label={<Trans>Urban area</Trans>}>
              <YesNo value={facts.urbanArea} />
            </Fact>
            <Fact label={<Trans>The president is a woman</Trans>}>
              <YesNo value={facts.isPollingStationPresidentFemale} />
            </Fact>
          </Table.Tbody>
        </Table>
      )}
    </section>
  );
}
