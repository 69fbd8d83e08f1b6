import { Anchor, Table } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import type { CountyCoverage } from "./coverage.actors";
import { countyUrgentsHref } from "./coverage.links";
import { formatRate, rateLabel } from "./county-rate";
import { irregularityRate } from "./county-tiles";

/** The tile map's twin: the same counties, figures and links as rows a screen reader can walk. */
export function CountyRateTable({ counties }: { counties: readonly CountyCoverage[] }) {
  const { i18n, t } = useLingui();
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table striped data-testid="county-rate-table" aria-label={t({ message: "Irregularities per county", comment: "Accessible name of the map's table twin" })}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans comment="Column of the county table">County</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans comment="Column of the county table">Observed stations</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans comment="Column of the county table: flagged answers">Irregularities</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans comment="Column of the county table">Per 100 observed stations</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {counties.map((county) => {
            const rate = irregularityRate(county.irregularities, county.observed);
            return (
              <Table.Tr key={county.countyCode}>
                <Table.Th scope="row" fw={400}>
                  <Anchor component={Link} to={countyUrgentsHref(county.countyCode)} aria-label={rateLabel(i18n, county.countyName, rate)}>
                    {county.countyName}
                  </Anchor>
                </Table.Th>
                <Table.Td ta="right">{i18n.number(county.observed)}</Table.Td>
                <Table.Td ta="right">{i18n.number(county.irregularities)}</Table.Td>
                <Table.Td ta="right">{rate === null ? <Trans comment="No rate: nothing observed">no data</Trans> : formatRate(i18n, rate)}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
