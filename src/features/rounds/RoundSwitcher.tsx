import { useEffect } from "react";
import { NavLink } from "react-router";
import { Anchor, Button, Group, Menu, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { useSelector as useStoreSelector } from "@xstate/store-react";
import { useApi } from "../../api/api-context";
import { resourceMachine } from "../../shared/machines/resource.machine";
import { paths } from "../../shared/paths";
import { roundChoiceStore, selectRequestRoundId, selectRoundsRevision } from "../../shared/rounds/round-choice.store";
import { usePageActor } from "../../shared/use-page-actor";
import { useInspectedStore } from "../../shared/use-page-store";
import { roundStatusLabels } from "./rounds.messages";
import { createRoundsActors, type ElectionRound } from "./rounds.actors";
import { selectRounds, shownRound } from "./round-switcher.selectors";
import { RoundStatusBadge } from "./RoundStatusBadge";

/** Rounds change status rarely and by another organizer's hand: the list is read again every minute. */
const REFRESH_INTERVAL_MS = 60_000;

/**
 * The election round of every screen, in a bar under the header: its name and status, the other rounds to switch
 * to and, for organizers, the way to the rounds themselves. Under the header, not in it: a 1,366 px laptop's header
 * has no room left beside the sections.
 */
export function RoundSwitcher({ organizer }: { organizer: boolean }) {
  const { t, i18n } = useLingui();
  const roundsActor = usePageActor(resourceMachine, createRoundsActors(useApi()), { input: { refreshInterval: REFRESH_INTERVAL_MS } });
  const rounds = useSelector(roundsActor, selectRounds);
  const requestedId = useStoreSelector(roundChoiceStore, selectRequestRoundId);
  const revision = useStoreSelector(roundChoiceStore, selectRoundsRevision);
  useInspectedStore(roundChoiceStore, "roundChoice");
  useEffect(() => {
    if (revision > 0) roundsActor.send({ type: "resource.reload" });
  }, [revision, roundsActor]);
  const shown = shownRound(rounds, requestedId);
  const currentId = rounds.find((round) => round.current)?.id;
  const several = rounds.length > 1;
  useEffect(() => {
    if (currentId !== undefined) roundChoiceStore.trigger.roundsKnown({ currentId, several });
  }, [currentId, several]);

  // A round the user no longer works in (its NGO left out since) is dropped: the server's current round again.
  const requestedGone = requestedId !== null && rounds.length > 0 && !rounds.some((round) => round.id === requestedId);
  useEffect(() => {
    if (requestedGone) roundChoiceStore.trigger.roundChosen({ roundId: null });
  }, [requestedGone]);

  if (!shown) return null;
  const status = i18n._(roundStatusLabels[shown.status]);
  const name = shown.name;
  // Mantine's items are menuitems (no checked state): the name says which round is shown.
  const itemLabel = (round: ElectionRound, isShown: boolean) => {
    const [itemName, itemStatus] = [round.name, i18n._(roundStatusLabels[round.status])];
    return isShown
      ? t({ message: `${itemName}, ${itemStatus}, shown now`, comment: "A round in the header's list of rounds: the one the screens show" })
      : t({ message: `${itemName}, ${itemStatus}`, comment: "A round in the header's list of rounds: its name and status" });
  };
  return (
    <Group justify="flex-end" gap="xs" mb="xs" data-testid="round-bar">
      {shown.status === "archived" ? (
        <Text size="xs" c="dimmed" mr="auto" data-testid="round-read-only">
          <Trans>This round is archived: everything in it can be read and downloaded, nothing can be changed.</Trans>
        </Text>
      ) : null}
      {organizer ? (
        <Anchor component={NavLink} to={paths.electionRounds.href()} size="xs">
          <Trans comment="Link in the round bar to the page of election rounds">Manage rounds</Trans>
        </Anchor>
      ) : null}
      {/* Beside the button, not in it: a button's name must hold its visible text, and the name says the status. */}
      <RoundStatusBadge status={shown.status} />
      <Menu position="bottom-end" shadow="md">
        <Menu.Target>
          <Button
            variant="default"
            size="xs"
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
              aria-label={itemLabel(round, round.id === shown.id)}
              onClick={() => roundChoiceStore.trigger.roundChosen({ roundId: round.id })}
              rightSection={<RoundStatusBadge status={round.status} />}
              fw={round.id === shown.id ? 700 : undefined}
            >
              {round.name}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
