import { ActionIcon, Button, Group, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { ListRefreshIcon } from "./ListIcons";

interface ListPaginationProps {
  from: number;
  to: number;
  total: number;
  canGoPrevious: boolean;
  canGoNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  /** Loads the page shown again in place (rows and selection stay); the icon spins while it runs. */
  onRefresh?: () => void;
  refreshing?: boolean;
}

/** "Showing X to Y of Z" with Previous and Next; the text is a live region so the new range is announced. */
export function ListPagination({ from, to, total, canGoPrevious, canGoNext, onPrevious, onNext, onRefresh, refreshing = false }: ListPaginationProps) {
  const { t } = useLingui();
  return (
    <Group justify="space-between" mt="md">
      <Text size="sm" role="status" aria-live="polite" data-testid="list-range">
        <Trans>Showing {from} to {to} of {total}</Trans>
      </Text>
      <Group gap="xs">
        {onRefresh ? (
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            loading={refreshing}
            onClick={onRefresh}
            aria-label={t({ message: "Refresh the list", comment: "Icon button: load the page shown again" })}
          >
            <ListRefreshIcon />
          </ActionIcon>
        ) : null}
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
