import { useEffect } from "react";
import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { useSelector as useStoreSelector } from "@xstate/store-react";
import { useSearchParams } from "react-router";
import { useApi } from "../../../api/api-context";
import { resourceMachine } from "../../../shared/machines/resource.machine";
import { selectIsLoading, selectIsRefreshing, selectIsStale, selectLoadError } from "../../../shared/machines/resource.selectors";
import { usePageActor } from "../../../shared/use-page-actor";
import { usePageStore } from "../../../shared/use-page-store";
import { ListLoadError } from "../../../shared/ui/ListLoadError";
import { ListLoading } from "../../../shared/ui/ListLoading";
import { COVERAGE_REFRESH_MS, createCoverageActors, type CoverageQuery } from "./coverage.actors";
import { sortRows } from "./coverage-board";
import { createCoverageSortStore, selectSort } from "./coverage-sort.store";
import { CoverageLoadErrorText } from "./coverage.load-error";
import { selectCoverage, selectCoverageRows } from "./coverage.selectors";
import { silentMinutesFromSearch } from "./coverage.url";
import { CountyRateTable } from "./CountyRateTable";
import { CountyTileMap } from "./CountyTileMap";
import { CoverageAsOf } from "./CoverageAsOf";
import { CoverageBoard } from "./CoverageBoard";
import { SilentMinutesSelect } from "./SilentMinutesSelect";

/**
 * The coverage of /statistics: the county tile map (with its table twin) and the coverage board, refreshed on their
 * own (a resource machine with a refresh interval; its query is the silent threshold). The threshold lives in the URL
 * query (`silentMinutes`), so a shared link shows the same board; the board's sort is a store of its own.
 */
export function CoverageOverview() {
  const api = useApi();
  const { i18n } = useLingui();
  const [search, setSearch] = useSearchParams();
  const silentMinutes = silentMinutesFromSearch(search);
  const coverageActor = usePageActor(resourceMachine, { actors: createCoverageActors(api) }, { input: { refreshInterval: COVERAGE_REFRESH_MS, query: { silentMinutes } satisfies CoverageQuery } });
  const sortStore = usePageStore(createCoverageSortStore, "coverage.sort");
  const loading = useSelector(coverageActor, selectIsLoading);
  const refreshing = useSelector(coverageActor, selectIsRefreshing);
  const stale = useSelector(coverageActor, selectIsStale);
  const error = useSelector(coverageActor, selectLoadError);
  const coverage = useSelector(coverageActor, selectCoverage);
  const rows = useSelector(coverageActor, selectCoverageRows);
  const sort = useStoreSelector(sortStore, selectSort);
  const [tableShown, table] = useDisclosure(false);

  // The URL is the threshold's source of truth (a link, Back, the select): the machine follows it.
  useEffect(() => coverageActor.send({ type: "resource.query", query: { silentMinutes } satisfies CoverageQuery }), [coverageActor, silentMinutes]);

  const chooseSilentMinutes = (minutes: number) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.set("silentMinutes", String(minutes));
        return next;
      },
      { replace: true },
    );

  return (
    <Stack gap="md" component="section" aria-labelledby="coverage-title">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2} id="coverage-title">
            <Trans comment="Section of the statistics page: which polling stations are observed and reporting">Coverage</Trans>
          </Title>
          {coverage ? <CoverageAsOf asOf={coverage.asOf} refreshing={refreshing} stale={stale} /> : null}
        </div>
        <SilentMinutesSelect value={silentMinutes} onChange={chooseSilentMinutes} />
      </Group>
      {error ? (
        <ListLoadError reason={<CoverageLoadErrorText error={error} />} onRetry={() => coverageActor.send({ type: "resource.retry" })} />
      ) : loading || !coverage ? (
        <ListLoading />
      ) : (
        <>
          <Title order={3}>
            <Trans comment="Heading of the county tile map">Irregularities per 100 observed stations</Trans>
          </Title>
          <Text size="sm" c="dimmed">
            <Trans>Each county opens its urgent answers.</Trans>
          </Text>
          <CountyTileMap counties={coverage.counties} />
          <div>
            <Button variant="default" size="xs" onClick={table.toggle} data-testid="coverage-table-toggle" aria-expanded={tableShown} aria-controls="county-rate-table">
              {tableShown ? <Trans comment="Button: hide the map's table twin">Hide the table</Trans> : <Trans comment="Button: show the map as a table">Show as table</Trans>}
            </Button>
          </div>
          <div id="county-rate-table">{tableShown ? <CountyRateTable counties={coverage.counties} /> : null}</div>
          <Title order={3}>
            <Trans comment="Heading of the coverage board">Polling stations per county</Trans>
          </Title>
          <CoverageBoard
            rows={sortRows(rows, sort, i18n.locale)}
            totals={coverage.totals}
            silentMinutes={coverage.silentMinutes}
            sort={sort}
            onSort={(by) => sortStore.trigger.toggle({ by })}
          />
        </>
      )}
    </Stack>
  );
}
