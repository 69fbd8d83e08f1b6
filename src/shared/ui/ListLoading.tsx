import { Group, Loader, Text } from "@mantine/core";
import { Trans } from "@lingui/react/macro";

/** The loading indicator of a list, announced politely to screen readers. */
export function ListLoading() {
  return (
    <Group gap="xs" role="status" data-testid="list-loading">
      <Loader size="sm" />
      <Text size="sm">
        <Trans id="LOADING">Loading</Trans>
      </Text>
    </Group>
  );
}
