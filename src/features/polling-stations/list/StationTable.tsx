import { Link } from "react-router";
import { Anchor, Table } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { paths } from "../../../shared/paths";
import { fieldLabels } from "../polling-stations.messages";
import type { PollingStation } from "../polling-stations.types";
import { MissingFact } from "../MissingFact";
import { StationStatusBadge } from "../StationStatusBadge";

function StationRow({ station }: { station: PollingStation }) {
  const { t, i18n } = useLingui();
  const { id, countyName, countyCode, number, locality, institution, address, registeredVoters, status } = station;
  return (
    <Table.Tr data-testid="station-row">
      <Table.Td>{countyName}</Table.Td>
      <Table.Th scope="row" fw={500}>
        <Anchor
          component={Link}
          to={paths.pollingStation.href(id)}
          aria-label={t({ message: `Polling station ${number}, ${countyName}`, comment: "Accessible name of a link to a polling station's page" })}
          data-county={countyCode}
        >
          {number}
        </Anchor>
      </Table.Th>
      <Table.Td>{locality ?? <MissingFact />}</Table.Td>
      <Table.Td>{institution ?? <MissingFact />}</Table.Td>
      <Table.Td>{address ?? <MissingFact />}</Table.Td>
      <Table.Td ta="right">{registeredVoters === null ? <MissingFact /> : i18n.number(registeredVoters)}</Table.Td>
      <Table.Td>
        <StationStatusBadge status={status} />
      </Table.Td>
    </Table.Tr>
  );
}

/** One row per station, its number a link to the station's page. */
export function StationTable({ stations, busy }: { stations: PollingStation[]; busy: boolean }) {
  const { t, i18n } = useLingui();
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="xs" aria-label={t({ message: "Polling stations", comment: "Accessible name of the polling stations table" })} aria-busy={busy}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{i18n._(fieldLabels.county)}</Table.Th>
            <Table.Th>{i18n._(fieldLabels.number)}</Table.Th>
            <Table.Th>{i18n._(fieldLabels.locality)}</Table.Th>
            <Table.Th>{i18n._(fieldLabels.institution)}</Table.Th>
            <Table.Th>{i18n._(fieldLabels.address)}</Table.Th>
            <Table.Th ta="right">{i18n._(fieldLabels.registeredVoters)}</Table.Th>
            <Table.Th>
              <Trans comment="Column: whether a polling station is active or retired">Status</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {stations.map((station) => (
            <StationRow key={station.id} station={station} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
