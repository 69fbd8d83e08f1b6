import { Group, Text } from "@mantine/core";
import { Trans } from "@lingui/react/macro";

export interface Reach {
  addressed: number;
  reachable: number;
  notReachable: number;
}

/** Three honest numbers: who is addressed, who a push can reach (a registered device) and who it cannot. */
export function NotificationReach({ reach, testId }: { reach: Reach; testId: string }) {
  return (
    <Group component="dl" gap="lg" my={0} data-testid={testId}>
      <div>
        <Text component="dt" size="sm" c="dimmed">
          <Trans comment="Number of observers a notification is addressed to">Addressed</Trans>
        </Text>
        <Text component="dd" fw={600} m={0}>
          {reach.addressed}
        </Text>
      </div>
      <div>
        <Text component="dt" size="sm" c="dimmed">
          <Trans comment="Number of addressed observers with a registered device">Reachable (device registered)</Trans>
        </Text>
        <Text component="dd" fw={600} m={0}>
          {reach.reachable}
        </Text>
      </div>
      <div>
        <Text component="dt" size="sm" c="dimmed">
          <Trans comment="Number of addressed observers without a registered device">Not reachable (no device)</Trans>
        </Text>
        <Text component="dd" fw={600} m={0}>
          {reach.notReachable}
        </Text>
      </div>
    </Group>
  );
}
