import { useCallback, useEffect, type RefObject } from "react";
import { useBlocker, type BlockerFunction } from "react-router";
import { Button, Group, Modal, Text } from "@mantine/core";
import { Trans } from "@lingui/react/macro";

interface LeaveGuardProps {
  /** The page holds unsaved changes. */
  dirty: boolean;
  /** True once the page itself navigates away (after a save, a delete, Cancel): that never asks. */
  leavingRef: RefObject<boolean>;
  /** Throws the draft away before the navigation goes on. */
  onDiscard: () => void;
}

/** Leaving a page with unsaved changes asks first: in-app navigation with a dialog, a reload or close with the browser's. */
export function LeaveGuard({ dirty, leavingRef, onDiscard }: LeaveGuardProps) {
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => dirty && !leavingRef.current && currentLocation.pathname !== nextLocation.pathname,
    [dirty, leavingRef],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [dirty]);

  const blocked = blocker.state === "blocked";
  return (
    <Modal
      opened={blocked}
      onClose={() => blocker.reset?.()}
      title={<Trans comment="Dialog title: leaving a form with changes not saved">Unsaved changes</Trans>}
      centered
    >
      <Text>
        <Trans>Your changes are not saved. Leave this page and discard them?</Trans>
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
          <Trans comment="Button: stay on the page with unsaved changes">Stay</Trans>
        </Button>
        <Button
          color="red"
          onClick={() => {
            onDiscard();
            blocker.proceed?.();
          }}
        >
          <Trans comment="Button: throw away the unsaved changes and go to the other page">Discard and leave</Trans>
        </Button>
      </Group>
    </Modal>
  );
}
