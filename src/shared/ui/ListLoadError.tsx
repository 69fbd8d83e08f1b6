import type { ReactNode } from "react";
import { ActionIcon, Alert, Group, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { ListRefreshIcon } from "./ListIcons";

interface ListLoadErrorProps {
  /** Why the list could not be loaded, already translated. */
  reason: ReactNode;
  onRetry: () => void;
}

/** The alert shown instead of a list that failed to load, with the refresh icon that loads it again. */
export function ListLoadError({ reason, onRetry }: ListLoadErrorProps) {
  const { t } = useLingui();
  return (
    <Alert color="red" role="alert" title={<Trans id="ERROR" comment="Title of an error message">Error</Trans>}>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">{reason}</Text>
        <ActionIcon
          variant="light"
          color="red"
          size="lg"
          onClick={onRetry}
          aria-label={t({ id: "TRY_AGAIN_MSG", message: "Try again", comment: "Accessible label of the refresh icon of a list that failed to load" })}
        >
          <ListRefreshIcon />
        </ActionIcon>
      </Group>
    </Alert>
  );
}
