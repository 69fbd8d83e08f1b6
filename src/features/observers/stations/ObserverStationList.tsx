import { Link } from "react-router";
import { Anchor, Badge, Button, Group, Stack, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { formatDateTime } from "../../../shared/i18n/time-format";
import { paths } from "../../../shared/paths";
import { stationName, type AssignedStation } from "./station-ref";

interface ObserverStationListProps {
  stations: readonly AssignedStation[];
  /** A save runs: every remove waits. */
  busy: boolean;
  /** The station whose remove is being saved: its button shows the loader. */
  removingId: number | null;
  onRemove: (stationId: number) => void;
}

/** The observer's stations, each named, placed and marked (retired, arrived), with its remove button. */
export function ObserverStationList({ stations, busy, removingId, onRemove }: ObserverStationListProps) {
  const { t } = useLingui();
  if (stations.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        <Trans>Not assigned to any polling station yet.</Trans>
      </Text>
    );
  }
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: "none" }} aria-label={t({ message: "Assigned polling stations", comment: "Accessible name of an observer's list of stations" })}>
      {stations.map((station) => {
        const name = stationName(station);
        return (
          <Group component="li" key={station.id} justify="space-between" wrap="nowrap" align="flex-start" aria-label={name}>
            <Stack gap={2} miw={0}>
              <Group gap="xs">
                <Anchor component={Link} to={paths.pollingStation.href(station.id)} fw={600}>
                  {name}
                </Anchor>
                {station.status === "retired" ? (
                  <Badge color="gray" variant="light">
                    <Trans comment="Status of a polling station: kept with its history, takes no reports">Retired</Trans>
                  </Badge>
                ) : null}
                {station.arrivedAt ? <ArrivedBadge arrivedAt={station.arrivedAt} /> : null}
              </Group>
              <StationPlace station={station} />
            </Stack>
            <Button
              variant="subtle"
              color="red"
              size="compact-sm"
              onClick={() => onRemove(station.id)}
              loading={removingId === station.id}
              disabled={busy}
              aria-label={t({ message: `Remove ${name}`, comment: "Accessible label of the button that takes station {name} (e.g. CJ 15) off a list" })}
            >
              <Trans comment="Button: take a station off a list">Remove</Trans>
            </Button>
          </Group>
        );
      })}
    </Stack>
  );
}

function ArrivedBadge({ arrivedAt }: { arrivedAt: string }) {
  const { i18n } = useLingui();
  // "09:42": the user's time zone, 24-hour, as the statistics' "as of" times.
  const time = i18n.date(arrivedAt, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  return (
    <Badge color="green" variant="light" tt="none">
      <time dateTime={arrivedAt} title={formatDateTime(arrivedAt, i18n.locale)}>
        <Trans comment="Badge: when the observer last arrived at this station, e.g. 'arrived 09:42'">arrived {time}</Trans>
      </time>
    </Badge>
  );
}

/** The locality and the building on one line, the address below; facts the registry lacks are left out. */
function StationPlace({ station }: { station: AssignedStation }) {
  const place = [station.locality, station.institution].filter(Boolean).join(" · ");
  return (
    <>
      {place ? <Text size="sm">{place}</Text> : null}
      {station.address ? (
        <Text size="sm" c="dimmed">
          {station.address}
        </Text>
      ) : null}
    </>
  );
}
