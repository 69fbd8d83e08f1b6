import { Box, Group, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { NO_DATA_COLOURS, type RateBin } from "./county-tiles";

function Swatch({ background, dashed = false }: { background: string; dashed?: boolean }) {
  return (
    <Box
      w={14}
      h={14}
      style={{ background, borderRadius: 2, border: dashed ? `1px dashed ${NO_DATA_COLOURS.border}` : "1px solid transparent" }}
    />
  );
}

/** What each tile colour means: the bins of irregularities per 100 observed stations, and "no data". */
export function RateLegend({ bins }: { bins: readonly RateBin[] }) {
  const { i18n, t } = useLingui();
  const number = (value: number) => i18n.number(value);
  return (
    <Box
      component="ul"
      aria-label={t({ message: "Legend: irregularities per 100 observed stations", comment: "Accessible name of the map's colour legend" })}
      m={0}
      p={0}
      style={{ listStyle: "none", display: "flex", flexWrap: "wrap", gap: "var(--mantine-spacing-sm)" }}
    >
      {bins.map((bin) => {
        const from = number(bin.from);
        const to = bin.to === null ? null : number(bin.to);
        return (
          <Group component="li" key={bin.from} gap={4} wrap="nowrap" data-testid="legend-bin">
            <Swatch background={bin.background} />
            <Text size="xs">
              {to === null ? (
                <Trans comment="Legend bin of the county map: this rate or more">{from} or more</Trans>
              ) : (
                <Trans comment="Legend bin of the county map: from this rate up to (not including) the next">
                  {from} to under {to}
                </Trans>
              )}
            </Text>
          </Group>
        );
      })}
      <Group component="li" gap={4} wrap="nowrap" data-testid="legend-bin">
        <Swatch background={NO_DATA_COLOURS.background} dashed />
        <Text size="xs">
          <Trans comment="Legend of the county map: counties with no observed station">No observed stations</Trans>
        </Text>
      </Group>
    </Box>
  );
}
