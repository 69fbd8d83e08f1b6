import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import type { AnswerCounts } from "./form-answer-counts";
import { isEmptyDiff, type OptionLabel, type PublishDiff, type QuestionLabel } from "./form-publish-diff";
import { ChangeGroup, OptionName, QuestionName, Row } from "./PublishReviewList";
import { PublishReviewTypes } from "./PublishReviewTypes";

export interface PublishReviewProps {
  diff: PublishDiff;
  /** The published form's answer counts; null while they are unknown (not loaded, or the call failed). */
  counts: AnswerCounts | null;
  /** Publishing is under way: Publish shows a loader, Cancel waits. */
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

const questionAnswers = (counts: AnswerCounts | null, question: QuestionLabel) =>
  counts === null ? null : question.id === undefined ? 0 : counts.question(question.id);
const optionAnswers = (counts: AnswerCounts | null, option: OptionLabel) =>
  counts === null ? null : option.question.id === undefined || option.idOption === undefined ? 0 : counts.option(option.question.id, option.idOption);

/**
 * The content of the publish confirmation: what changes against the published form and how many answers each
 * removed or changed item has. Removing an answered item is refused by the server, so Publish is held back then.
 */
export function PublishReview({ diff, counts, busy, onConfirm, onCancel }: PublishReviewProps) {
  const answeredRemovals =
    diff.removedQuestions.filter((question) => (questionAnswers(counts, question) ?? 0) > 0).length +
    diff.removedOptions.filter((option) => (optionAnswers(counts, option) ?? 0) > 0).length;
  const removes = diff.removedQuestions.length + diff.removedOptions.length > 0;
  const answeredChanges = [
    ...diff.renamedQuestions.map((change) => questionAnswers(counts, change.after)),
    ...diff.retypedQuestions.map((change) => questionAnswers(counts, change.question)),
    ...diff.renamedOptions.map((change) => optionAnswers(counts, change.after)),
  ].some((answers) => (answers ?? 0) > 0);

  return (
    <Stack gap="md">
      {isEmptyDiff(diff) ? (
        <Text>
          <Trans>No question or option changes against the published version.</Trans>
        </Text>
      ) : null}
      {answeredRemovals > 0 ? (
        <Alert color="red" title={<Trans>The server will refuse to publish this</Trans>}>
          <Trans>
            Observers have answered questions or options you removed. An answered question or option cannot be removed, so
            that no answer loses what it answered: put them back (undo), or change their wording instead.
          </Trans>
        </Alert>
      ) : removes ? (
        <Text size="sm">
          <Trans>
            The server refuses to remove a question or option that observers have answered (or a question they wrote notes
            about); if one has been answered meanwhile, publishing is refused and nothing changes.
          </Trans>
        </Text>
      ) : null}
      {counts === null && !isEmptyDiff(diff) ? (
        <Text size="sm" c="dimmed">
          <Trans>The number of answers could not be read; the server still checks them when you publish.</Trans>
        </Text>
      ) : null}
      {answeredChanges ? (
        <Alert color="yellow" title={<Trans>Answered questions change</Trans>}>
          <Trans>The answers already given stay with the changed questions and options: check that they keep their meaning.</Trans>
        </Alert>
      ) : null}
      <ChangeGroup
        title={<Trans>Removed questions</Trans>}
        items={diff.removedQuestions}
        render={(question) => (
          <Row answers={questionAnswers(counts, question)} removed>
            <QuestionName question={question} />
          </Row>
        )}
      />
      <ChangeGroup
        title={<Trans>Removed options</Trans>}
        items={diff.removedOptions}
        render={(option) => (
          <Row answers={optionAnswers(counts, option)} removed>
            <OptionName option={option} />
          </Row>
        )}
      />
      <PublishReviewTypes diff={diff} answersOf={(question) => questionAnswers(counts, question)} />
      <ChangeGroup
        title={<Trans>Renamed questions</Trans>}
        items={diff.renamedQuestions}
        render={({ before, after }) => (
          <Row answers={questionAnswers(counts, after)}>
            <QuestionName question={before} /> → <QuestionName question={after} />
          </Row>
        )}
      />
      <ChangeGroup
        title={<Trans>Renamed options</Trans>}
        items={diff.renamedOptions}
        render={({ before, after }) => (
          <Row answers={optionAnswers(counts, after)}>
            <OptionName option={before} /> → “{after.text}”
          </Row>
        )}
      />
      <ChangeGroup title={<Trans>Added questions</Trans>} items={diff.addedQuestions} render={(question) => <QuestionName question={question} />} />
      <ChangeGroup title={<Trans>Added options</Trans>} items={diff.addedOptions} render={(option) => <OptionName option={option} />} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={busy}>
          <Trans id="CANCEL">Cancel</Trans>
        </Button>
        <Button onClick={onConfirm} loading={busy} disabled={answeredRemovals > 0} data-autofocus>
          <Trans comment="Button: publish the form after reviewing its changes">Publish</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
