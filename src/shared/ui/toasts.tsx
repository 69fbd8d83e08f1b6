import type { ReactNode } from "react";
import { Button, Stack, Text } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import { notifications } from "@mantine/notifications";

/** A change went through; with `autoClose: false` the toast stays until closed (something the user should read). */
export function announceSuccess(message: ReactNode, options: { autoClose?: false } = {}) {
  notifications.show({ color: "green", title: <Trans id="SUCCESS">Success</Trans>, message, ...options });
}

/** Something was removed for good: same title, a warning colour, so a removal never passes for an addition. */
export function announceRemoval(message: ReactNode) {
  notifications.show({ color: "yellow", title: <Trans id="SUCCESS">Success</Trans>, message });
}

/** A call failed; with `onRetry` the toast offers to try again (its close button then dismisses the failure). */
export function announceFailure(message: ReactNode, options: { onRetry?: () => void; onClose?: () => void } = {}) {
  const { onRetry, onClose } = options;
  const id = notifications.show({
    color: "red",
    title: <Trans id="ERROR">Error</Trans>,
    onClose,
    message: onRetry ? (
      <Stack gap={4} align="flex-start">
        <Text size="sm">{message}</Text>
        <Button
          size="compact-xs"
          variant="light"
          color="red"
          onClick={() => {
            notifications.hide(id);
            onRetry();
          }}
        >
          <Trans comment="Button in an error toast: send the failed change again">Try again</Trans>
        </Button>
      </Stack>
    ) : (
      message
    ),
  });
}
