import { Link } from "react-router";
import { Anchor, Badge, Table } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useCurrentAccount } from "../../../shared/account/account-context";
import { formatDateTime } from "../../../shared/i18n/time-format";
import { paths } from "../../../shared/paths";
import type { StationObserver } from "../polling-stations.types";

/** A time the observer has not recorded: a dash, read out as such. */
function NotRecorded() {
  const { t } = useLingui();
  return <span aria-label={t({ message: "Not recorded", comment: "Accessible text of a dash: the observer has not recorded this time" })}>—</span>;
}

function When({ value }: { value: string | null }) {
  const { i18n } = useLingui();
  return value === null ? <NotRecorded /> : <time dateTime={value}>{formatDateTime(value, i18n.locale)}</time>;
}

/** Assigned, or not: an arrival or a report from a station the observer is not assigned to is accepted, and marked. */
function AssignmentBadge({ observer }: { observer: StationObserver }) {
  if (observer.assigned) {
    return (
      <Badge color="blue" variant="light" tt="none">
        <Trans comment="Badge: the observer is assigned to this polling station">Assigned</Trans>
      </Badge>
    );
  }
  return (
    <Badge color="orange" variant="light" tt="none">
      {observer.arrivedAt === null ? (
        <Trans comment="Badge: an observer not assigned to this polling station sent answers or notes from it">Not assigned: reported here</Trans>
      ) : (
        <Trans comment="Badge: an observer not assigned to this polling station recorded an arrival at it">Not assigned: arrived here</Trans>
      )}
    </Badge>
  );
}

/** The station's observers, one row each: name (to the profile), phone, NGO for organizers, assignment, times, reports. */
export function StationObserverTable({ stationId, observers }: { stationId: number; observers: readonly StationObserver[] }) {
  const { t } = useLingui();
  const organizer = useCurrentAccount().organizer;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table withTableBorder aria-label={t({ message: "Observers of the polling station", comment: "Accessible name of the table of a station's observers" })}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">
              <Trans comment="Column: an observer's name">Name</Trans>
            </Table.Th>
            <Table.Th scope="col">
              <Trans comment="Column: an observer's phone number">Phone</Trans>
            </Table.Th>
            {organizer ? (
              <Table.Th scope="col">
                <Trans comment="Column: the NGO an observer belongs to">NGO</Trans>
              </Table.Th>
            ) : null}
            <Table.Th scope="col">
              <Trans comment="Column: whether the observer is assigned to this polling station">Assignment</Trans>
            </Table.Th>
            <Table.Th scope="col">
              <Trans comment="Column: when the observer arrived at the station">Arrival</Trans>
            </Table.Th>
            <Table.Th scope="col">
              <Trans comment="Column: when the observer left the station">Departure</Trans>
            </Table.Th>
            <Table.Th scope="col">
              <Trans comment="Column: the observer's answers and notes from this station">Reports</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {observers.map((observer) => (
            <Table.Tr key={observer.id} data-testid="station-observer">
              <Table.Th scope="row" fw="normal">
                <Anchor component={Link} to={paths.observer.href("view", observer.id)}>
                  {observer.name}
                </Anchor>
              </Table.Th>
              <Table.Td>
                <span dir="ltr">{observer.phone}</span>
              </Table.Td>
              {organizer ? <Table.Td>{observer.ngo}</Table.Td> : null}
              <Table.Td>
                <AssignmentBadge observer={observer} />
              </Table.Td>
              <Table.Td>
                <When value={observer.arrivedAt} />
              </Table.Td>
              <Table.Td>
                <When value={observer.leftAt} />
              </Table.Td>
              <Table.Td>
                {observer.reported ? (
                  <Anchor component={Link} to={paths.answerDetails.href("answers", observer.id, stationId)}>
                    <Trans comment="Link from a station's observer to their answers and notes at this station">Answers and notes</Trans>
                  </Anchor>
                ) : (
                  <NotRecorded />
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
