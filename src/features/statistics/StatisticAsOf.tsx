import { Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";

interface StatisticAsOfProps {
  /** The server's time of the figures shown (`asOf`): never an older one, never the browser's clock. */
  value: string;
  /** The last refresh failed: the figures are still those of `value`. */
  stale?: boolean;
}

/** "as of 10:15:02" in the user's time zone, 24-hour. */
export function StatisticAsOf({ value, stale = false }: StatisticAsOfProps) {
  const { i18n } = useLingui();
  const time = i18n.date(value, { hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" });
  return (
    <Text size="xs" c="dimmed" data-testid="statistic-as-of">
      <Trans comment="When the statistic's figures were computed, e.g. 'as of 10:15:02'">
        as of <time dateTime={value}>{time}</time>
      </Trans>
      {stale ? (
        <>
          {" · "}
          <Trans comment="After 'as of 10:15:02': the latest refresh of the figures failed">could not refresh</Trans>
        </>
      ) : null}
    </Text>
  );
}
