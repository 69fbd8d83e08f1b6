import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Button, Card, Loader, NativeSelect, Stack, Text, TextInput, Title } from "@mantine/core";
import { useSelector } from "@xstate/react";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { useServices } from "../app/services-context";
import { loadRegistry } from "../reference/refresh-reference";
import { findStation, placeOf, type ArrivingAt } from "./station-search";
import { AssignedStations } from "./AssignedStations";
import { OfflineReadiness } from "./OfflineReadiness";

/** Chooses the station: an assigned one with one tap, else county then number, from the registry on the phone. */
export function StationPicker() {
  const { t } = useLingui();
  const { db, store, writes } = useServices();
  const navigate = useNavigate();
  const registry = useSelector(store, (snapshot) => snapshot.context.registry);
  const knowsCounties = useSelector(store, (snapshot) => snapshot.context.counties.length > 0);
  // The registry's 19,000 stations are read from the phone now, not at every start of the app.
  useEffect(() => void loadRegistry(db, store), [db, store]);
  const [county, setCounty] = useState("");
  const [number, setNumber] = useState("");
  const station = county && /^\d+$/.test(number) ? findStation(registry, county, Number(number)) : null;
  const arrive = async (chosen: ArrivingAt) => {
    await writes.recordArrival(chosen);
    await navigate("/");
  };

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        <Trans>Choose your polling station</Trans>
      </Title>
      <OfflineReadiness />
      <AssignedStations onArrive={arrive} />
      {registry ? (
        <Card withBorder component="section" aria-label={t`Another station`}>
          <Stack gap="sm">
            <Text fw={600}>
              <Trans>Another station</Trans>
            </Text>
            <NativeSelect
              label={t`County`}
              value={county}
              onChange={(event) => setCounty(event.currentTarget.value)}
              data={[{ value: "", label: t`Choose a county` }, ...registry.counties.map((c) => ({ value: c.code, label: c.name }))]}
            />
            <TextInput label={t`Station number`} inputMode="numeric" pattern="[0-9]*" value={number} onChange={(event) => setNumber(event.currentTarget.value)} />
            {station ? (
              <Stack gap={4}>
                <Text>{placeOf(station)}</Text>
                {station.status === "retired" ? (
                  <Text c="red.9">
                    <Trans>This station was retired from the official list: it takes no reports.</Trans>
                  </Text>
                ) : (
                  <Button
                    onClick={() => {
                      const countyOf = registry.counties.find((candidate) => candidate.code === station.countyCode);
                      const { id, countyCode } = station;
                      void arrive({ id, countyCode, countyName: countyOf?.name ?? countyCode, number: station.number, place: placeOf(station), abroad: countyOf?.diaspora ?? false });
                    }}
                  >
                    <Trans>I have arrived here</Trans>
                  </Button>
                )}
              </Stack>
            ) : county && number ? (
              <Text c="red.9" role="status">
                <Trans>There is no station with this number in this county.</Trans>
              </Text>
            ) : null}
          </Stack>
        </Card>
      ) : knowsCounties ? (
        <Loader aria-label={t`Loading the station list`} />
      ) : (
        <Alert color="orange" title={t`The station list is not on this phone yet`}>
          <Trans>It arrives with the first sync: keep the app open where there is network for a minute.</Trans>
        </Alert>
      )}
    </Stack>
  );
}
