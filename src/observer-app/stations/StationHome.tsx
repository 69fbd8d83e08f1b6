import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useSelector } from "@xstate/react";
import { Link } from "react-router";
import { useServices } from "../app/services-context";
import { FormList } from "../forms/FormList";
import { StationPicker } from "./StationPicker";

/**
 * The station the observer is at: when they arrived, leaving it, and its forms; the picker until they are at one, at
 * the app's own address (not a redirect), so that the app opens on the screen it was left on (app/screen-snapshot.ts).
 */
export function StationHome() {
  const { t, i18n } = useLingui();
  const { store, writes } = useServices();
  const current = useSelector(store, (snapshot) => snapshot.context.currentStation);
  if (!current) return <StationPicker />;
  const { countyName, number, place } = current;
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
          {place ? <Text size="sm">{place}</Text> : null}
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
      <FormList abroad={current.abroad} />
    </Stack>
  );
}
