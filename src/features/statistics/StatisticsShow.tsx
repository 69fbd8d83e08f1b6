import { Anchor, Stack, Text, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useParams } from "react-router";
import { paths } from "../../shared/paths";
import { StatisticCompleteList } from "./StatisticCompleteList";
import { findStatistic } from "./statistics.config";

/** /statistics/:key: one statistic's complete list, 20 a page, every number a link; an unknown key says so. */
export function StatisticsShow() {
  const { i18n } = useLingui();
  const { key } = useParams();
  const statistic = findStatistic(key);
  const back = (
    <Anchor component={Link} to={paths.statistics.href()}>
      <Trans comment="Link from one statistic back to the statistics cards">Back to statistics</Trans>
    </Anchor>
  );

  if (!statistic) {
    return (
      <Stack gap="md">
        {back}
        <Title order={1}>
          <Trans comment="Title of /statistics/:key for a key that names no statistic">Statistic not found</Trans>
        </Title>
        <Text role="status">
          <Trans comment="/statistics/:key for an unknown key">There is no statistic called “{key}”. Choose one from the statistics page.</Trans>
        </Text>
      </Stack>
    );
  }

  const header = i18n._(statistic.header);
  const subHeader = i18n._(statistic.subHeader);
  return (
    <Stack gap="md">
      {back}
      <div>
        <Title order={1}>{header}</Title>
        <Text c="dimmed">{subHeader}</Text>
      </div>
      {/* A new key is a new statistic: its list starts over on page 1. */}
      <StatisticCompleteList key={statistic.key} statistic={statistic} label={`${header} ${subHeader}`} withChart />
    </Stack>
  );
}
