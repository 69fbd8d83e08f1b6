import { useLingui } from "@lingui/react";
import { Trans } from "@lingui/react/macro";
import { questionTypeLabels } from "../preview/preview.messages";
import type { PublishDiff, QuestionLabel } from "./form-publish-diff";
import { ChangeGroup, QuestionName, Row } from "./PublishReviewList";

/** Questions whose type changes, from which type to which. */
export function PublishReviewTypes({ diff, answersOf }: { diff: PublishDiff; answersOf: (question: QuestionLabel) => number | null }) {
  const { i18n } = useLingui();
  return (
    <ChangeGroup
      title={<Trans>Questions whose type changes</Trans>}
      items={diff.retypedQuestions}
      render={({ question, before, after }) => (
        <Row answers={answersOf(question)}>
          <QuestionName question={question} />: {i18n._(questionTypeLabels[before])} → {i18n._(questionTypeLabels[after])}
        </Row>
      )}
    />
  );
}
