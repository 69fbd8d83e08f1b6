import { Plural, Trans } from "@lingui/react/macro";
import { Text } from "@mantine/core";
import { shallowEqual, useSelector } from "@xstate/react";
import { useServices } from "../app/services-context";
import { syncStatusOf } from "./sync-status";

/** One line under the header, announced politely: is everything on the server, and if not, why and what happens next. */
export function SyncStatus() {
  const { sync } = useServices();
  const { phase, unsent, refused } = useSelector(sync, syncStatusOf, shallowEqual);
  return (
    <Text size="sm" c="white" role="status" data-sync-phase={phase}>
      {phase === "allSent" ? <Trans>Everything is on the server.</Trans> : null}
      {phase === "sending" ? <Plural value={unsent} one="Sending # item…" other="Sending # items…" /> : null}
      {phase === "offline" ? (
        <Plural value={unsent} one="Offline: # item kept on this phone, sent when the network is back." other="Offline: # items kept on this phone, sent when the network is back." />
      ) : null}
      {phase === "waiting" ? (
        <Plural value={unsent} one="# item kept on this phone; trying again shortly." other="# items kept on this phone; trying again shortly." />
      ) : null}
      {phase === "signInAgain" ? (
        <Plural value={unsent} one="Sign in again to send # item kept on this phone." other="Sign in again to send # items kept on this phone." />
      ) : null}
      {refused > 0 ? (
        <>
          {" "}
          <Plural value={refused} one="# item was refused: see the outbox." other="# items were refused: see the outbox." />
        </>
      ) : null}
    </Text>
  );
}
