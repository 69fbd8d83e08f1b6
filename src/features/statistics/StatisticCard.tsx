import { useState } from "react";
import { Anchor, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { paths } from "../../shared/paths";
import type { ShownCard } from "./statistics-board.selectors";
import { StatisticAsOf } from "./StatisticAsOf";
import { StatisticChart } from "./StatisticChart";
import { StatisticListModal } from "./StatisticListModal";
import { StatisticRanking } from "./StatisticRanking";

/** One card: header, subheader, the first five as a ranked list of links and as bars, the time of its figures. */
export function StatisticCard({ card }: { card: ShownCard }) {
  const { i18n, t } = useLingui();
  const [listOpen, setListOpen] = useState(false);
  const { statistic, page, stale } = card;
  const header = i18n._(statistic.header);
  const subHeader = i18n._(statistic.subHeader);
  const name = `${header} ${subHeader}`;

  return (
    <Card withBorder padding="md" component="section" aria-label={name} data-testid="statistic-card" data-key={statistic.key}>
      <Stack gap="sm" h="100%">
        <div>
          <Title order={2} size="h4">
            {header}
          </Title>
          <Text c="dimmed" size="sm">
            {subHeader}
          </Text>
        </div>
        <StatisticRanking items={page.data} firstRank={1} link={statistic.link} label={name} />
        <StatisticChart items={page.data} />
        <Group justify="space-between" mt="auto" gap="xs">
          <StatisticAsOf value={page.asOf} stale={stale} />
          <Group gap="xs">
            <Anchor component={Link} to={paths.statistic.href(statistic.key)} size="sm" aria-label={t({ message: `Open as a page: ${name}`, comment: "Accessible name of the link to the page of one statistic" })}>
              <Trans comment="Link on a statistics card to the page of its complete list">Open as a page</Trans>
            </Anchor>
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => setListOpen(true)}
              aria-label={t({ message: `See complete list: ${name}`, comment: "Accessible name of a statistics card's complete-list button" })}
            >
              <Trans comment="Button on a statistics card: opens its full ranking">See complete list</Trans>
            </Button>
          </Group>
        </Group>
      </Stack>
      <StatisticListModal statistic={statistic} header={header} subHeader={subHeader} opened={listOpen} onClose={() => setListOpen(false)} />
    </Card>
  );
}
