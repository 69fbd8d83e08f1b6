import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Card, Stack, Text } from "@mantine/core";
import { useSelector } from "@xstate/react";
import { useServices } from "../app/services-context";
import { isAbroad, placeOf, type ArrivingAt } from "./station-search";

/** The stations the observer's NGO sent them to, each one tap away. */
export function AssignedStations({ onArrive }: { onArrive: (station: ArrivingAt) => Promise<void> }) {
  const { t } = useLingui();
  const { store } = useServices();
  const myStations = useSelector(store, (snapshot) => snapshot.context.myStations);
  const counties = useSelector(store, (snapshot) => snapshot.context.counties);
  const assigned = myStations.filter((station) => station.assigned && station.status === "active");
  if (assigned.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-label={t`Your assigned stations`}>
      <Text fw={600}>
        <Trans>Your assigned stations</Trans>
      </Text>
      {assigned.map(({ countyName, pollingStationNumber: number, ...station }) => (
        <Card key={station.id} withBorder>
          <Stack gap={6}>
            <Text fw={600}>
              {countyName} {number}
            </Text>
            <Text size="sm">{placeOf(station)}</Text>
            <Button
              onClick={() =>
                void onArrive({ id: station.id, countyCode: station.countyCode, countyName, number, place: placeOf(station), abroad: isAbroad(counties, station.countyCode) })
              }
            >
              <Trans>
                I have arrived at {countyName} {number}
              </Trans>
            </Button>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
