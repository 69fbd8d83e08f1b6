// Only the statistics routes import this module: the charts' styles and recharts stay out of every other chunk.
import "@mantine/charts/styles.css";
import { useEffect, useState } from "react";
import { Box } from "@mantine/core";
import { BarChart } from "@mantine/charts";
import { useLingui } from "@lingui/react/macro";
import type { StatisticsItem } from "./statistics.config";

const BAR_HEIGHT = 28;

/**
 * The ranking drawn as horizontal bars, largest on top. Decorative for assistive technology: the ranked list beside
 * it says the same, with links, so the chart is hidden from screen readers and keyboards.
 */
export function StatisticChart({ items }: { items: readonly StatisticsItem[] }) {
  const { t, i18n } = useLingui();
  const data = items.map((item) => ({ label: item.label, value: item.value }));
  const height = items.length * BAR_HEIGHT + 24;
  // The rankings paint first: the bars (an SVG per card, the heaviest part of the page) follow a frame later, in the
  // place kept for them.
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setDrawn(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  if (!drawn) return <Box aria-hidden="true" data-testid="statistic-chart" inert h={height} />;
  return (
    <Box aria-hidden="true" data-testid="statistic-chart" inert h={height}>
      <BarChart
        h={height}
        data={data}
        dataKey="label"
        orientation="vertical"
        series={[{ name: "value", label: t({ message: "Value", comment: "Series name of a statistic's bar chart" }), color: "blue.6" }]}
        yAxisProps={{ width: 90 }}
        gridAxis="none"
        withTooltip={false}
        withBarValueLabel
        valueFormatter={(value) => i18n.number(value)}
        maxBarWidth={BAR_HEIGHT - 8}
        // Figures refresh every 10 s: bars that grow again each time would pull the eye for nothing.
        barProps={{ isAnimationActive: false }}
      />
    </Box>
  );
}
