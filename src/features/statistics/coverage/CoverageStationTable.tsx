import { Anchor, Stack, Table, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import type { CoverageStation } from "./coverage.actors";
import { stationAnswersHref } from "./coverage.links";
import { stationPlace } from "../../../shared/station-place";

/** When a station last heard from its observers, in the reader's language and time zone. */
function LastActivity({ at }: { at: string | null }) {
  const { i18n } = useLingui();
  if (!at) return <Trans comment="Last activity of a station whose observers sent nothing">Never</Trans>;
  const text = new Intl.DateTimeFormat(i18n.locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(at));
  return <time dateTime={at}>{text}</time>;
}

/**
 * One page of the stations behind a coverage number: where, when last heard from, and who observes it, or with
 * `assigned` who is assigned to it (the contract's `observers` for the assignment measures).
 */
export function CoverageStationTable({ stations, assigned }: { stations: readonly CoverageStation[]; assigned: boolean }) {
  const { t } = useLingui();
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped data-testid="coverage-station-table" aria-label={t({ message: "Polling stations", comment: "Accessible name of a coverage station list" })}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans comment="Column: the polling station, a link to its answers">Station</Trans>
            </Table.Th>
            <Table.Th>
              <Trans comment="Column: the polling station's address">Address</Trans>
            </Table.Th>
            <Table.Th>
              <Trans comment="Column: latest answer, note or station facts from the station">Last activity</Trans>
            </Table.Th>
            <Table.Th>
              {assigned ? (
                <Trans comment="Column: the observers assigned to the station, with their phones">Assigned observers</Trans>
              ) : (
                <Trans comment="Column: the station's observers with their phones">Observers</Trans>
              )}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {stations.map((station) => (
            <Table.Tr key={station.idPollingStation} data-testid="coverage-station">
              <Table.Th scope="row" fw={400}>
                <Anchor component={Link} to={stationAnswersHref(station.countyCode, station.pollingStationNumber)} size="sm">
                  {station.pollingStationName}
                </Anchor>
              </Table.Th>
              <Table.Td>{stationPlace(station) || "–"}</Table.Td>
              <Table.Td>
                <LastActivity at={station.lastActivity} />
              </Table.Td>
              <Table.Td>
                {station.observers.length === 0 ? (
                  <Trans comment="A station nobody observes">None</Trans>
                ) : (
                  <Stack gap={2}>
                    {station.observers.map((observer) => (
                      <Text key={observer.id} size="sm">
                        {observer.name} · <span dir="ltr">{observer.phone}</span>
                      </Text>
                    ))}
                  </Stack>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
