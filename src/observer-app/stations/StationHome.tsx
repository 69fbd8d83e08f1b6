import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useSelector } from "@xstate/react";
import { Link, Navigate } from "react-router";
import { useServices } from "../app/services-context";
import { FormList } from "../forms/FormList";
import { findStation, placeOf } from "./station-search";

/** The station the observer is at: when they arrived, leaving it, and its forms. */
export function StationHome() {
  const { t, i18n } = useLingui();
  const { store, writes } = useServices();
  const current = useSelector(store, (snapshot) => snapshot.context.currentStation);
  const registry = useSelector(store, (snapshot) => snapshot.context.registry);
  if (!current) return <Navigate to="/stations" replace />;
  const station = findStation(registry, current.countyCode, current.number);
  const countyName = registry?.counties.find((county) => county.code === current.countyCode)?.name ?? current.countyCode;
  const { number } = current;
  const arrivedAt = current.arrivedAt ? i18n.date(current.arrivedAt, { hour: "2-digit", minute: "2-digit" }) : null;

  return (
    <Stack gap="md">
      <Card withBorder component="section" aria-label={t`Your station`}>
        <Stack gap={6}>
          <Title order={1} size="h3">
            <Trans>
              Station {countyName} {number}
            </Trans>
          </Title>
          {station ? <Text size="sm">{placeOf(station)}</Text> : null}
          {arrivedAt ? (
            <Text size="sm">
              <Trans>Arrived at {arrivedAt}</Trans>
            </Text>
          ) : null}
          <Group gap="sm" mt="xs">
            <Button variant="default" onClick={() => void writes.recordDeparture(current)}>
              <Trans>I am leaving</Trans>
            </Button>
            <Button component={Link} to="/stations" variant="subtle">
              <Trans>Change station</Trans>
            </Button>
            <Button component={Link} to="/notes/new" variant="light">
              <Trans>Add a note</Trans>
            </Button>
          </Group>
        </Stack>
      </Card>
      <FormList abroad={registry?.counties.find((county) => county.code === current.countyCode)?.diaspora ?? false} />
    </Stack>
  );
}
