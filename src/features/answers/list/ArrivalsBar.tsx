import { Box, Button } from "@mantine/core";
import { Plural } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import type { threadFeedMachine } from "./thread-feed.machine";
import { selectArrivalCount, selectCatchingUp } from "./thread-feed.selectors";

/**
 * "3 new": threads that arrived or changed off screen wait here instead of pushing rows down under the reader's
 * cursor; pressing it shows page 1 with them. The count is announced politely as it grows.
 */
export function ArrivalsBar({ feed }: { feed: ActorRefFrom<typeof threadFeedMachine> }) {
  const count = useSelector(feed, selectArrivalCount);
  const catchingUp = useSelector(feed, selectCatchingUp);
  return (
    // The slot keeps its height when empty, so that the bar's arrival moves no row.
    <Box role="status" aria-live="polite" h={30}>
      {count > 0 ? (
        <Button variant="light" size="xs" fullWidth loading={catchingUp} onClick={() => feed.send({ type: "arrivals.show" })} data-testid="arrivals-bar">
          <Plural value={count} one="# new thread — show" other="# new threads — show" comment="Bar above a live list: threads that arrived since it loaded" />
        </Button>
      ) : null}
    </Box>
  );
}
