import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import { StatisticCompleteList } from "./StatisticCompleteList";
import type { Statistic } from "./statistics.config";

interface StatisticListModalProps {
  statistic: Statistic;
  header: string;
  subHeader: string;
  opened: boolean;
  onClose: () => void;
}

/** A card's 'See complete list': the full ranking, paged, in a dialog with a Close button. Loads only while open. */
export function StatisticListModal({ statistic, header, subHeader, opened, onClose }: StatisticListModalProps) {
  return (
    // One Close button, at the bottom (spec); Escape and a click outside close it too.
    <Modal opened={opened} onClose={onClose} size="lg" title={header} withCloseButton={false}>
      <Stack gap="sm">
        <Text c="dimmed">{subHeader}</Text>
        <StatisticCompleteList statistic={statistic} label={`${header} ${subHeader}`} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans id="CLOSE" comment="Accessible name of the close button of a dialog or a notification">Close</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
