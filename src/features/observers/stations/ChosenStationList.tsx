import { Button, Group, Stack, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ChosenStation } from "./observer-assign.connect";
import { stationProblemMessage } from "./station-assign.messages";
import { stationName, type StationRef } from "./station-ref";

interface ChosenStationListProps {
  chosen: readonly ChosenStation[];
  busy: boolean;
  onRemove: (station: StationRef) => void;
}

/** The stations chosen in the assignment dialog, each with the server's refusal of it and its remove button. */
export function ChosenStationList({ chosen, busy, onRemove }: ChosenStationListProps) {
  const { t } = useLingui();
  if (chosen.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        <Trans>No polling station chosen yet.</Trans>
      </Text>
    );
  }
  return (
    <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: "none" }} aria-label={t({ message: "Stations to assign", comment: "Accessible name of the list of stations chosen in the assignment dialog" })}>
      {chosen.map(({ station, problem }) => {
        const name = stationName(station);
        return (
          <Group component="li" key={name} justify="space-between" wrap="nowrap" aria-label={name}>
            <Stack gap={0}>
              <Text fw={600}>{name}</Text>
              {problem ? (
                <Text c="red.8" size="sm">
                  {t(stationProblemMessage(problem))}
                </Text>
              ) : null}
            </Stack>
            <Button
              variant="subtle"
              color="red"
              size="compact-sm"
              onClick={() => onRemove(station)}
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
