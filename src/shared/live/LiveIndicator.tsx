import { useId } from "react";
import { Box, Group, Text, Tooltip, VisuallyHidden } from "@mantine/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { LiveStatus } from "./live-events";
import classes from "./LiveIndicator.module.css";
import { useLiveStatus } from "./use-live";

const LOOKS: Record<LiveStatus, { word: MessageDescriptor; meaning: MessageDescriptor; color: string }> = {
  connecting: {
    word: msg({ message: "Connecting…", comment: "Header: the live updates are starting" }),
    meaning: msg`Connecting to live updates: new and changed reports will then appear without reloading.`,
    color: "var(--mantine-color-yellow-7)",
  },
  live: {
    word: msg({ message: "Live", comment: "Header: new reports arrive as they are sent" }),
    meaning: msg`Live: new and changed reports appear without reloading.`,
    color: "var(--mantine-color-green-8)",
  },
  reconnecting: {
    word: msg({ message: "Reconnecting…", comment: "Header: the live updates dropped and are being restored" }),
    meaning: msg`The live connection dropped and is being restored: lists may miss changes until then.`,
    color: "var(--mantine-color-yellow-7)",
  },
  offline: {
    word: msg({ message: "Offline", comment: "Header: no live updates" }),
    meaning: msg`No connection: lists do not update until the network is back.`,
    color: "var(--mantine-color-gray-6)",
  },
};

/** The header's dot and word for the live connection; the word changes politely for screen readers. */
export function LiveIndicator() {
  const { t } = useLingui();
  const status = useLiveStatus();
  const look = LOOKS[status];
  const meaningId = useId();

  return (
    <Tooltip label={t(look.meaning)} events={{ hover: true, focus: true, touch: true }} multiline w={260} withinPortal={false}>
      <Group gap={6} wrap="nowrap" tabIndex={0} aria-describedby={meaningId} data-live-status={status}>
        {/* A filled dot only while live: the shape says it too, not only the colour. */}
        <Box
          aria-hidden
          w={10}
          h={10}
          style={{ borderRadius: "50%", border: `2px solid ${look.color}`, background: status === "live" ? look.color : "transparent" }}
        />
        <Text size="sm" role="status" aria-live="polite" className={classes.word}>
          {t(look.word)}
        </Text>
        <VisuallyHidden id={meaningId}>{t(look.meaning)}</VisuallyHidden>
      </Group>
    </Tooltip>
  );
}
