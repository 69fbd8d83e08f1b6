import { Group, Loader, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";

interface CoverageAsOfProps {
  /** When the server computed the figures shown. */
  asOf: string;
  refreshing?: boolean;
  /** The last refresh failed: the time says how old the figures are. */
  stale?: boolean;
}

/** "As of hh:mm:ss" in the reader's time zone, with a small loader while newer figures are on their way. */
export function CoverageAsOf({ asOf, refreshing = false, stale = false }: CoverageAsOfProps) {
  const { i18n } = useLingui();
  const time = new Intl.DateTimeFormat(i18n.locale, { hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" }).format(
    new Date(asOf),
  );
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" c={stale ? "red.8" : "dimmed"} data-testid="coverage-as-of">
        <Trans comment="When the figures shown were computed, e.g. As of 10:15:02">
          As of <time dateTime={asOf}>{time}</time>
        </Trans>
        {stale ? (
          <>
            {" "}
            <Trans comment="After the time of the figures: the last refresh failed">(could not refresh)</Trans>
          </>
        ) : null}
      </Text>
      {/* Visual only: announcing every 10 s refresh would drown a screen reader. */}
      {refreshing ? <Loader size={12} aria-hidden data-testid="coverage-refreshing" /> : null}
    </Group>
  );
}
