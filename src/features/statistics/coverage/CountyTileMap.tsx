import { Box, Group, Stack, Text, VisuallyHidden } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import type { CountyCoverage } from "./coverage.actors";
import { countyUrgentsHref } from "./coverage.links";
import { formatRate, rateLabel } from "./county-rate";
import { DIASPORA_CODE, irregularityRate, NO_DATA_COLOURS, rateBinIndex, rateBins, TILE_COLUMNS, TILE_POSITIONS, TILE_ROWS, type RateBin } from "./county-tiles";
import { RateLegend } from "./RateLegend";

const TILE_GAP = 4;

function CountyTile({ county, bins }: { county: CountyCoverage; bins: readonly RateBin[] }) {
  const { i18n } = useLingui();
  const rate = irregularityRate(county.irregularities, county.observed);
  const bin = rate === null ? null : rateBinIndex(bins, rate);
  const colours = bin === null ? NO_DATA_COLOURS : bins[bin]!;
  return (
    <Box
      component={Link}
      to={countyUrgentsHref(county.countyCode)}
      title={county.countyName}
      data-county={county.countyCode}
      data-bin={bin ?? "none"}
      style={{
        aspectRatio: "1",
        display: "flex",
        flexDirection: "column",
        alignItems: "center",
        justifyContent: "center",
        borderRadius: 4,
        textDecoration: "none",
        background: colours.background,
        color: colours.text,
        border: rate === null ? `1px dashed ${NO_DATA_COLOURS.border}` : "1px solid transparent",
        lineHeight: 1.1,
      }}
    >
      <Text span fw={700} fz="sm" inherit={false} c="inherit">
        {county.countyCode}
      </Text>
      {" "}
      <Text span fz={10} c="inherit" aria-hidden={rate === null}>
        {rate === null ? "–" : formatRate(i18n, rate)}
      </Text>
      {/* The name starts with what the tile shows ("SM 350"), so that speech input can say it, then says it in words. */}{" "}
      <VisuallyHidden data-tile-name>{rateLabel(i18n, county.countyName, rate)}</VisuallyHidden>
    </Box>
  );
}

/**
 * The counties as equal tiles placed roughly where they lie, coloured by irregularities per 100 observed stations;
 * each tile opens the county's urgent answers. Colour is never alone: a tile also shows its rate and names it.
 */
export function CountyTileMap({ counties }: { counties: readonly CountyCoverage[] }) {
  const { t } = useLingui();
  const placed = counties
    .filter((county) => TILE_POSITIONS.has(county.countyCode))
    .sort((left, right) => {
      const a = TILE_POSITIONS.get(left.countyCode)!;
      const b = TILE_POSITIONS.get(right.countyCode)!;
      return a.row - b.row || a.column - b.column;
    });
  const diaspora = counties.find((county) => county.countyCode === DIASPORA_CODE);
  const bins = rateBins(Math.max(0, ...counties.map((county) => irregularityRate(county.irregularities, county.observed) ?? 0)));
  return (
    <Stack gap="sm">
      <Group align="flex-start" gap="lg">
        <Box
          component="ul"
          data-testid="county-tile-map"
          aria-label={t({ message: "Counties on the map", comment: "Accessible name of the county tile map" })}
          m={0}
          p={0}
          style={{
            listStyle: "none",
            display: "grid",
            gridTemplateColumns: `repeat(${TILE_COLUMNS}, minmax(0, 1fr))`,
            gridTemplateRows: `repeat(${TILE_ROWS}, auto)`,
            gap: TILE_GAP,
            width: "min(100%, 480px)",
          }}
        >
          {placed.map((county) => {
            const position = TILE_POSITIONS.get(county.countyCode)!;
            return (
              <li key={county.countyCode} style={{ gridRow: position.row, gridColumn: position.column }}>
                <CountyTile county={county} bins={bins} />
              </li>
            );
          })}
        </Box>
        {diaspora ? (
          <Stack gap={4} w={56} data-testid="diaspora-tile">
            <Text size="xs" c="dimmed" aria-hidden>
              <Trans comment="Caption of the diaspora tile, apart from the county map">Abroad</Trans>
            </Text>
            <CountyTile county={diaspora} bins={bins} />
          </Stack>
        ) : null}
      </Group>
      <RateLegend bins={bins} />
    </Stack>
  );
}
