import { ActionIcon, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { useApi } from "../../api/api-context";
import { ListRefreshIcon } from "../../shared/ui/ListIcons";
import { ListLoadError } from "../../shared/ui/ListLoadError";
import { ListLoading } from "../../shared/ui/ListLoading";
import { usePageActor } from "../../shared/use-page-actor";
import { CoverageOverview } from "./coverage/CoverageOverview";
import { BOARD_INPUT, statisticsBoardLogic } from "./statistics-board";
import { selectBoardFailure, selectIsLoading, selectIsRefreshing, selectShownCards } from "./statistics-board.selectors";
import { createBoardActors } from "./statistics.actors";
import { StatisticsLoadErrorText } from "./statistics.load-error";
import { StatisticCard } from "./StatisticCard";

/**
 * /statistics: the configured cards that have figures, refreshing on their own every 10 s, then the coverage of the
 * polling stations. The shared resource machine drives the cards, merging them card by card (statistics-board.ts).
 */
export function StatisticsCards() {
  const { t } = useLingui();
  const api = useApi();
  const board = usePageActor(statisticsBoardLogic, createBoardActors(api), { input: BOARD_INPUT });
  const loading = useSelector(board, selectIsLoading);
  const refreshing = useSelector(board, selectIsRefreshing);
  const cards = useSelector(board, selectShownCards);
  const failure = useSelector(board, selectBoardFailure);
  const refresh = () => board.send({ type: "resource.reload" });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1}>
            <Trans id="STATISTICS">Statistics</Trans>
          </Title>
          <Text c="dimmed">
            <Trans comment="Subtitle of the statistics page">Where observers are and where they report problems, refreshed every 10 seconds. Every number opens its answers.</Trans>
          </Text>
        </div>
        {loading ? null : (
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            loading={refreshing}
            onClick={refresh}
            aria-label={t({ message: "Refresh the statistics now", comment: "Icon button: load every statistics card again at once" })}
          >
            <ListRefreshIcon />
          </ActionIcon>
        )}
      </Group>
      {loading ? (
        <ListLoading />
      ) : failure ? (
        <ListLoadError reason={<StatisticsLoadErrorText error={failure} />} onRetry={refresh} />
      ) : cards.length === 0 ? (
        <Text c="dimmed" role="status" data-testid="statistics-empty">
          <Trans comment="Statistics page when no card has figures">
            No figures yet: the cards appear as soon as observers send their first answers.
          </Trans>
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md">
          {cards.map((card) => (
            <StatisticCard key={card.statistic.key} card={card} />
          ))}
        </SimpleGrid>
      )}
      <CoverageOverview />
    </Stack>
  );
}
