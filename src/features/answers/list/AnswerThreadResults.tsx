import { useEffect, useRef } from "react";
import { Stack, Text } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import type { listMachine } from "../../../shared/machines/list.machine";
import { useServerNow } from "../../../shared/use-server-now";
import {
  selectCanGoNext,
  selectCanGoPrevious,
  selectIsLoading,
  selectIsRefreshing,
  selectLoadError,
  selectRange,
} from "../../../shared/machines/list.selectors";
import { ListLoadError } from "../../../shared/ui/ListLoadError";
import { ListLoading } from "../../../shared/ui/ListLoading";
import { ListPagination } from "../../../shared/ui/ListPagination";
import type { AnswerThread } from "./answer-list.actors";
import { AnswerListLoadErrorText } from "./answer-list.load-error";
import { selectClockOffset, selectThreads, selectTotals } from "./answer-list.selectors";
import { AnswerThreadRow } from "./AnswerThreadRow";
import { AnswerTotals } from "./AnswerTotals";
import { ArrivalsBar } from "./ArrivalsBar";
import { threadKey } from "./live-match";
import type { threadFeedMachine } from "./thread-feed.machine";
import { selectFocusRequest, selectPatches } from "./thread-feed.selectors";

interface AnswerThreadResultsProps {
  list: ActorRefFrom<typeof listMachine>;
  /** The live side: rows changed in place, the "N new" bar, the keyboard cursor. */
  feed: ActorRefFrom<typeof threadFeedMachine>;
  urgent: boolean;
  /** A filter is applied: an empty page then means nothing matched, not that nothing arrived. */
  filtered: boolean;
  hrefOf: (thread: AnswerThread) => string;
  isSelected: (thread: AnswerThread) => boolean;
  /** Paging leaves the thread that was open (spec, section 4): the page drops the details child. */
  onPage: (direction: "next" | "previous") => void;
}

/** The list's phase: the page of threads with its paging, nothing yet, or the load error with a retry. */
export function AnswerThreadResults({ list, feed, urgent, filtered, hrefOf, isSelected, onPage }: AnswerThreadResultsProps) {
  const loading = useSelector(list, selectIsLoading);
  const refreshing = useSelector(list, selectIsRefreshing);
  const error = useSelector(list, selectLoadError);
  const threads = useSelector(list, selectThreads);
  const totals = useSelector(list, selectTotals);
  const range = useSelector(list, selectRange);
  const canGoNext = useSelector(list, selectCanGoNext);
  const canGoPrevious = useSelector(list, selectCanGoPrevious);
  const patches = useSelector(feed, selectPatches);
  const now = useServerNow(useSelector(list, selectClockOffset));
  const rows = useRef<HTMLDivElement>(null);
  const focusRequest = useSelector(feed, selectFocusRequest);

  // The keyboard moved the cursor: the row it names takes the focus (a click or a tab already gave it).
  useEffect(() => {
    const cursor = feed.getSnapshot().context.cursor;
    if (focusRequest === 0 || !cursor) return;
    rows.current?.querySelector<HTMLElement>(`[data-thread-key="${cursor}"]`)?.focus();
  }, [feed, focusRequest, threads]);

  if (error) {
    return <ListLoadError reason={<AnswerListLoadErrorText error={error} />} onRetry={() => list.send({ type: "list.retry" })} />;
  }
  if (loading) return <ListLoading />;
  if (threads.length === 0) {
    return (
      <Stack gap="xs">
        <ArrivalsBar feed={feed} />
        <Text c="dimmed" role="status">
        {filtered ? (
          <Trans>No answers match these filters.</Trans>
        ) : urgent ? (
          <Trans>No urgent answers</Trans>
        ) : (
          <Trans>No answers yet</Trans>
        )}
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap="xs">
      {totals ? <AnswerTotals totals={totals} /> : null}
      <ArrivalsBar feed={feed} />
      <Stack component="ul" ref={rows} gap="xs" m={0} p={0} style={{ listStyle: "none" }}>
        {threads.map((row) => {
          const key = threadKey(row);
          const thread = patches[key] ?? row;
          return (
            <li key={key}>
              <AnswerThreadRow
                thread={thread}
                threadKey={key}
                now={now}
                href={hrefOf(thread)}
                selected={isSelected(thread)}
                onFocus={() => feed.send({ type: "cursor.set", key })}
              />
            </li>
          );
        })}
      </Stack>
      <ListPagination
        {...range}
        canGoPrevious={canGoPrevious}
        canGoNext={canGoNext}
        onPrevious={() => onPage("previous")}
        onNext={() => onPage("next")}
        onRefresh={() => list.send({ type: "list.refresh" })}
        refreshing={refreshing}
      />
    </Stack>
  );
}
