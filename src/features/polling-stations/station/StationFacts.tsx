import type { ReactNode } from "react";
import { Table } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { formatDateTime } from "../../../shared/i18n/time-format";
import { fieldLabels } from "../polling-stations.messages";
import type { PollingStation } from "../polling-stations.types";
import { MissingFact } from "../MissingFact";

function Fact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" w={200}>
        {label}
      </Table.Th>
      <Table.Td data-testid="station-fact">{children}</Table.Td>
    </Table.Tr>
  );
}

/** The station's facts, one row each; a fact the registry lacks reads as a dash. */
export function StationFacts({ station }: { station: PollingStation }) {
  const { t, i18n } = useLingui();
  const text = (value: string | null) => value ?? <MissingFact />;
  const coordinates =
    station.latitude === null || station.longitude === null ? <MissingFact /> : `${i18n.number(station.latitude, { maximumFractionDigits: 6 })}, ${i18n.number(station.longitude, { maximumFractionDigits: 6 })}`;
  return (
    <Table variant="vertical" withTableBorder maw={720} aria-label={t({ message: "Facts of the polling station", comment: "Accessible name of a polling station's facts table" })}>
      <Table.Tbody>
        <Fact label={i18n._(fieldLabels.county)}>{`${station.countyName} (${station.countyCode})`}</Fact>
        <Fact label={i18n._(fieldLabels.number)}>{station.number}</Fact>
        <Fact label={i18n._(fieldLabels.locality)}>{text(station.locality)}</Fact>
        <Fact label={i18n._(fieldLabels.institution)}>{text(station.institution)}</Fact>
        <Fact label={i18n._(fieldLabels.address)}>{text(station.address)}</Fact>
        <Fact label={i18n._(fieldLabels.registeredVoters)}>
          {station.registeredVoters === null ? <MissingFact /> : i18n.number(station.registeredVoters)}
        </Fact>
        <Fact label={<Trans comment="Label: a polling station's latitude and longitude">Coordinates</Trans>}>{coordinates}</Fact>
        <Fact label={<Trans comment="Label: when a polling station's facts last changed">Last changed</Trans>}>
          <time dateTime={station.updatedAt}>{formatDateTime(station.updatedAt, i18n.locale)}</time>
        </Fact>
      </Table.Tbody>
    </Table>
  );
}
