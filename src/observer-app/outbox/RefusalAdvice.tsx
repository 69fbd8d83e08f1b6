import { Trans } from "@lingui/react/macro";
import { Text } from "@mantine/core";
import type { Refusal } from "./outbox-item";

/** Why the server refused an item, in the observer's words, and what they can do about it. */
export function RefusalAdvice({ refusal }: { refusal: Refusal }) {
  const reason = refusal.title;
  return (
    <Text size="sm" c="red.9">
      {refusal.code === "round_archived" ? (
        <Trans>The election round has ended: the server takes no more reports. Save the outbox to a file and give it to your coordinator.</Trans>
      ) : refusal.code === "station_retired" ? (
        <Trans>This station was retired from the official list. Choose your station again, or ask your coordinator.</Trans>
      ) : refusal.status === 404 || refusal.status === 422 ? (
        <Trans>The server could not take this report ({reason}). The form or station may have changed: ask your coordinator, then try again or give it up.</Trans>
      ) : (
        <Trans>The server refused this report ({reason}). Ask your coordinator, then try again or give it up.</Trans>
      )}
    </Text>
  );
}
