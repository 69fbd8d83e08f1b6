import { Button, Group, Text } from "@mantine/core";
import { Trans } from "@lingui/react/macro";

interface ListPaginationProps {
  from: number;
  to: number;
  total: number;
  canGoPrevious: boolean;
  canGoNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
}

/** "Showing X to Y of Z" with Previous and Next; the text is a live region so the new range is announced. */
export function ListPagination({ from, to, total, canGoPrevious, canGoNext, onPrevious, onNext }: ListPaginationProps) {
  return (
    <Group justify="space-between" mt="md">
      <Text size="sm" role="status" aria-live="polite" data-testid="list-range">
        <Trans>Showing {from} to {to} of {total}</Trans>
      </Text>
      <Group gap="xs">
        <Button variant="default" disabled={!canGoPrevious} onClick={onPrevious}>
          <Trans id="PREVIOUS" comment="Button: the previous page of a list">Previous</Trans>
        </Button>
        <Button variant="default" disabled={!canGoNext} onClick={onNext}>
          <Trans id="NEXT" comment="Button: the next page of a list">Next</Trans>
        </Button>
      </Group>
    </Group>
  );
}
