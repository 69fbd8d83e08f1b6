import { Text } from "@mantine/core";
import { Plural } from "@lingui/react/macro";
import type { AnswerThreadTotals } from "./answer-list.actors";

/**
 * "12 threads · 5 observers · 17 flagged answers" over every matching thread, not only the page: a statistics card's
 * number lands here, so the figure clicked is visible on the list it opened.
 */
export function AnswerTotals({ totals }: { totals: AnswerThreadTotals & { threads: number } }) {
  return (
    <Text size="sm" fw={500} data-testid="answer-totals">
      <Plural value={totals.threads} one="# thread" other="# threads" comment="Answer list totals: threads (observer and station pairs) matching the filters" />
      {" · "}
      <Plural value={totals.observers} one="# observer" other="# observers" comment="Answer list totals: distinct observers of the matching threads" />
      {" · "}
      <Plural
        value={totals.flaggedAnswers}
        one="# flagged answer"
        other="# flagged answers"
        comment="Answer list totals: answers whose chosen option is flagged, in the matching threads"
      />
    </Text>
  );
}
