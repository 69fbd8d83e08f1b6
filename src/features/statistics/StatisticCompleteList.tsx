import { Stack, Text } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { useApi } from "../../api/api-context";
import { listMachine } from "../../shared/machines/list.machine";
import {
  selectIsLoading,
  selectLoadError,
  selectRange,
} from "../../shared/machines/list.selectors";
import { ListLoadError } from "../../shared/ui/ListLoadError";
import { ListLoading } from "../../shared/ui/ListLoading";
import { ListActorPagination } from "../../shared/ui/ListActorPagination";
import { usePageActor } from "../../shared/use-page-actor";
import { STATISTIC_LIST_INPUT } from "./statistic-list.config";
import { selectAsOf, selectRows } from "./statistic-list.selectors";
import { StatisticAsOf } from "./StatisticAsOf";
import { StatisticChart } from "./StatisticChart";
import { StatisticRanking } from "./StatisticRanking";
import { createStatisticListActors } from "./statistics.actors";
import type { Statistic } from "./statistics.config";
import { StatisticsLoadErrorText } from "./statistics.load-error";

interface StatisticCompleteListProps {
  statistic: Statistic;
  /** The ranking's accessible name: the statistic's header and subheader, translated. */
  label: string;
  withChart?: boolean;
}

/** One statistic's full ranking, 20 a page, every number a link; it refreshes on its own like the cards. */
export function StatisticCompleteList({ statistic, label, withChart = false }: StatisticCompleteListProps) {
  const api = useApi();
  const list = usePageActor(listMachine, createStatisticListActors(api, statistic.method), { input: STATISTIC_LIST_INPUT });
  const loading = useSelector(list, selectIsLoading);
  const error = useSelector(list, selectLoadError);
  const rows = useSelector(list, selectRows);
  const asOf = useSelector(list, selectAsOf);
  const range = useSelector(list, selectRange);

  if (error) {
    return (
      <ListLoadError reason={<StatisticsLoadErrorText error={error} />} onRetry={() => list.send({ type: "list.retry" })} />
    );
  }
  if (loading) return <ListLoading />;
  if (rows.length === 0) {
    return (
      <Text c="dimmed" role="status">
        <Trans comment="A statistic's complete list has no rows yet">Nothing to count yet: no observer has reported for this statistic.</Trans>
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      {asOf ? <StatisticAsOf value={asOf} /> : null}
      <StatisticRanking items={rows} firstRank={range.from} link={statistic.link} label={label} />
      {withChart ? <StatisticChart items={rows} /> : null}
      <ListActorPagination list={list} />
    </Stack>
  );
}
