import { useEffect } from "react";
import { Button, Menu, Text } from "@mantine/core";
import { useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { useSelector as useStoreSelector } from "@xstate/store-react";
import { useApi } from "../../api/api-context";
import { resourceMachine } from "../../shared/machines/resource.machine";
import { roundChoiceStore, selectChosenRoundId } from "../../shared/rounds/round-choice.store";
import { usePageActor } from "../../shared/use-page-actor";
import { useInspectedStore } from "../../shared/use-page-store";
import { roundStatusLabels } from "./rounds.messages";
import { createRoundsActors } from "./rounds.actors";
import { namesRound, selectRounds, shownRound } from "./round-switcher.selectors";
import { RoundStatusBadge } from "./RoundStatusBadge";

/** Rounds change status rarely and by another organizer's hand: the list is read again every minute. */
const REFRESH_INTERVAL_MS = 60_000;

/**
 * The header's election round: its name and status, and the other rounds to switch to. Hidden while the user works
 * in one active round only, as before rounds existed.
 */
export function RoundSwitcher() {
  const { t, i18n } = useLingui();
  const roundsActor = usePageActor(resourceMachine, createRoundsActors(useApi()), { input: { refreshInterval: REFRESH_INTERVAL_MS } });
  const rounds = useSelector(roundsActor, selectRounds);
  const chosenId = useStoreSelector(roundChoiceStore, selectChosenRoundId);
  useInspectedStore(roundChoiceStore, "roundChoice");
  const shown = shownRound(rounds, chosenId);

  // A choice the user no longer works in (another account on this browser, its NGO left out) is dropped.
  const chosenGone = chosenId !== null && rounds.length > 0 && !rounds.some((round) => round.id === chosenId);
  useEffect(() => {
    if (chosenGone) roundChoiceStore.trigger.roundChosen({ roundId: null });
  }, [chosenGone]);

  if (!shown || !namesRound(rounds, shown)) return null;
  const status = i18n._(roundStatusLabels[shown.status]);
  const name = shown.name;
  return (
    <Menu position="bottom-end" shadow="md">
      <Menu.Target>
        <Button
          variant="default"
          size="xs"
          rightSection={<RoundStatusBadge status={shown.status} />}
          aria-label={t({ message: `Election round: ${name}, ${status}. Choose another`, comment: "Header button that names the round shown and opens the list of rounds" })}
          data-testid="round-switcher"
        >
          <Text size="xs" fw={500} truncate maw={180}>
            {shown.name}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t({ message: "Election rounds", comment: "Heading of the header's list of rounds to switch to" })}</Menu.Label>
        {rounds.map((round) => (
          <Menu.Item
            key={round.id}
            onClick={() => roundChoiceStore.trigger.roundChosen({ roundId: round.id })}
            rightSection={<RoundStatusBadge status={round.status} />}
            aria-current={round.id === shown.id ? "true" : undefined}
            fw={round.id === shown.id ? 700 : undefined}
          >
            {round.name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
