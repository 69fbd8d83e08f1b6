import { Stack, Text } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import type { listMachine } from "../../../shared/machines/list.machine";
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
import { selectThreads, selectTotals } from "./answer-list.selectors";
import { AnswerThreadRow } from "./AnswerThreadRow";
import { AnswerTotals } from "./AnswerTotals";

interface AnswerThreadResultsProps {
  list: ActorRefFrom<typeof listMachine>;
  urgent: boolean;
  /** A filter is applied: an empty page then means nothing matched, not that nothing arrived. */
  filtered: boolean;
  hrefOf: (thread: AnswerThread) => string;
  isSelected: (thread: AnswerThread) => boolean;
  /** Paging leaves the thread that was open (spec, section 4): the page drops the details child. */
  onPage: (direction: "next" | "previous") => void;
}

/** The list's phase: the page of threads with its paging, nothing yet, or the load error with a retry. */
export function AnswerThreadResults({ list, urgent, filtered, hrefOf, isSelected, onPage }: AnswerThreadResultsProps) {
  const loading = useSelector(list, selectIsLoading);
  const refreshing = useSelector(list, selectIsRefreshing);
  const error = useSelector(list, selectLoadError);
  const threads = useSelector(list, selectThreads);
  const totals = useSelector(list, selectTotals);
  const range = useSelector(list, selectRange);
  const canGoNext = useSelector(list, selectCanGoNext);
  const canGoPrevious = useSelector(list, selectCanGoPrevious);

  if (error) {
    return <ListLoadError reason={<AnswerListLoadErrorText error={error} />} onRetry={() => list.send({ type: "list.retry" })} />;
  }
  if (loading) return <ListLoading />;
  if (threads.length === 0) {
    return (
      <Text c="dimmed" role="status">
        {filtered ? (
          <Trans>No answers match these filters.</Trans>
        ) : urgent ? (
          <Trans>No urgent answers</Trans>
        ) : (
          <Trans>No answers yet</Trans>
        )}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      {totals ? <AnswerTotals totals={totals} /> : null}
      <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: "none" }}>
        {threads.map((thread) => (
          <li key={`${thread.idObserver}-${thread.idPollingStation}`}>
            <AnswerThreadRow thread={thread} href={hrefOf(thread)} selected={isSelected(thread)} />
          </li>
        ))}
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
