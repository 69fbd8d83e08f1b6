import { Anchor, Group, Text } from "@mantine/core";
import { useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { statisticItemHref } from "./statistic-links";
import type { StatisticLink, StatisticsItem } from "./statistics.config";

interface StatisticRankingProps {
  items: readonly StatisticsItem[];
  /** The rank of the first item (1 on a card, 21 on the second page of a complete list). */
  firstRank: number;
  link: StatisticLink;
  /** What the list is, for screen readers: the card's header and subheader. */
  label: string;
}

/**
 * The ranking as an ordered list of label and value, each row a link to the answers behind its number: the real
 * content of a card, and the accessible twin of its chart.
 */
export function StatisticRanking({ items, firstRank, link, label }: StatisticRankingProps) {
  const { t, i18n } = useLingui();
  return (
    <ol start={firstRank} aria-label={label} style={{ margin: 0, paddingInlineStart: "2rem" }} data-testid="statistic-ranking">
      {items.map((item) => {
        const value = i18n.number(item.value);
        return (
        <li key={`${item.code ?? ""} ${item.label}`}>
          <Anchor
            component={Link}
            to={statisticItemHref(link, item)}
            underline="hover"
            display="block"
            // Rows of text are 20 px: touching targets that small fail WCAG 2.5.8 (24 px) on a touch screen.
            py={2}
            aria-label={t({ message: `${item.label}: ${value}`, comment: "Accessible name of a statistic row's link: label and value" })}
          >
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Text span size="sm" c="var(--mantine-color-text)">
                {item.label}
              </Text>
              {/* A space in the text, not in the layout (a flex gap is none): "Cluj 17" is what the link shows, so
                  its name "Cluj: 17" contains it word for word (WCAG 2.5.3, label in name). */}
              {" "}
              <Text span size="sm" fw={700}>
                {value}
              </Text>
            </Group>
          </Anchor>
        </li>
        );
      })}
    </ol>
  );
}
