import { memo, use, useState } from "react";
import { Badge, Button, Group, Menu, Paper, Select, Stack, Text, TextInput, Textarea } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { questionTypeLabels } from "../preview/preview.messages";
import { ProblemsContext, ReadOnlyContext, useEditorTools } from "./editor-context";
import type { QuestionDraft, QuestionType } from "./form-document";
import { problemMessage } from "./form-editor.messages";
import { fieldId } from "./form-validation";
import classes from "./folded-card.module.css";
import { ItemMenu } from "./ItemMenu";
import { OptionList } from "./OptionList";
import { PredefinedOptionsDialog } from "./PredefinedOptionsDialog";

/** The four types of the spec; a legacy type 4 question reads as single choice until its type is chosen again. */
const EDITABLE_TYPES: QuestionType[] = [0, 1, 2, 3];

export interface SectionChoice {
  key: string;
  label: string;
}

interface QuestionCardProps {
  question: QuestionDraft;
  section: string;
  index: number;
  count: number;
  /** Every section, for "Move to section" (the card leaves out its own). */
  sections: readonly SectionChoice[];
  /** Unsaved questions open expanded; a loaded form's questions start folded so a long form stays readable. */
  defaultExpanded: boolean;
}

/** One question: folded it shows its code and text; unfolded, every field and its options. */
export const QuestionCard = memo(function QuestionCard({ question, section, index, count, sections, defaultExpanded }: QuestionCardProps) {
  const { edit, announce, focusSoon, newKey } = useEditorTools();
  const { t, i18n } = useLingui();
  const readOnly = use(ReadOnlyContext);
  const problems = use(ProblemsContext);
  const [expanded, setExpanded] = useState(defaultExpanded);
  const [choosingPredefined, setChoosingPredefined] = useState(false);
  const position = index + 1;
  const otherSections = sections.filter((choice) => choice.key !== section);
  // Without a code yet, a question is named by its place: "Question 2", never "Question Question 2".
  const name = question.code.trim() || String(position);
  const codeId = fieldId({ of: "question", key: question.key, field: "code" });
  const textId = fieldId({ of: "question", key: question.key, field: "text" });
  const bodyId = `question-${question.key}-body`;
  const toggleId = `question-${question.key}-toggle`;
  const problemOf = (id: string) => {
    const problem = problems.get(id);
    return problem ? problemMessage(i18n, problem) : undefined;
  };
  const hasProblem = problems.has(codeId) || problems.has(textId) || question.options.some((option) => problems.has(fieldId({ of: "option", key: option.key, field: "text" })));
  // A folded card with a problem opens, so the problem can be seen and reached.
  const open = expanded || hasProblem;

  /** Folding swaps the card's elements: the toggle the user pressed keeps the focus. */
  const fold = (folded: boolean) => {
    setExpanded(!folded);
    focusSoon(toggleId);
  };
  const move = (to: number) => {
    edit({ type: "question.move", from: { section, index }, to: { section, index: to } });
    const place = to + 1;
    announce(t`Question ${name} moved to position ${place} of ${count}.`);
    focusSoon(`question-${question.key}-menu`);
  };
  const moveTo = (target: SectionChoice) => {
    edit({ type: "question.move", from: { section, index }, to: { section: target.key, index: 0 } });
    announce(t`Question ${name} moved to the start of section ${target.label}.`);
    focusSoon(`question-${question.key}-menu`);
  };
  const remove = () => {
    edit({ type: "question.remove", question: question.key });
    announce(t`Question ${name} deleted. Undo with Ctrl+Z.`);
    focusSoon(`add-question-${section}`);
  };
  const addOption = () => {
    const key = newKey();
    edit({ type: "option.add", question: question.key, key });
    focusSoon(fieldId({ of: "option", key, field: "text" }));
  };

  const menu = (
    <ItemMenu
      id={`question-${question.key}-menu`}
      label={t`Actions for question ${name}`}
      index={index}
      count={count}
      onMove={move}
      deleteLabel={<Trans>Delete question</Trans>}
      onDelete={remove}
    >
      {otherSections.length > 0 ? <Menu.Label>{t`Move to section`}</Menu.Label> : null}
      {otherSections.map((target) => (
        <Menu.Item key={target.key} disabled={readOnly} onClick={() => moveTo(target)}>
          {target.label}
        </Menu.Item>
      ))}
    </ItemMenu>
  );

  if (!open) {
    // The folded card is most of a long form: plain elements, styled like the unfolded one (see the CSS module).
    return (
      <div className={classes.card} role="group" aria-label={t`Question ${name}`}>
        <button type="button" id={toggleId} className={classes.toggle} aria-expanded={false} aria-controls={bodyId} onClick={() => fold(false)}>
          <span aria-hidden="true">▸</span>
          <span className={classes.name}>{name}</span>
          <span className={classes.text}>{question.text}</span>
        </button>
        <span className={classes.type}>{i18n._(questionTypeLabels[question.questionType])}</span>
        {menu}
      </div>
    );
  }
  return (
    <Paper withBorder p="sm" radius="sm" role="group" aria-label={t`Question ${name}`}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Button
          id={toggleId}
          variant="subtle"
          color="dark"
          size="compact-sm"
          aria-expanded
          aria-controls={bodyId}
          onClick={() => fold(true)}
          justify="flex-start"
          style={{ flex: 1, minWidth: 0 }}
          leftSection={<span aria-hidden="true">▾</span>}
        >
          <Text span fw={600} size="sm" mr={6}>
            {name}
          </Text>
          <Text span size="sm" truncate>
            {question.text}
          </Text>
        </Button>
        <Badge variant="light" color="gray" visibleFrom="sm">
          {i18n._(questionTypeLabels[question.questionType])}
        </Badge>
        {menu}
      </Group>
      <Stack id={bodyId} gap="sm" mt="sm">
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            id={codeId}
            label={t`Question code`}
            withAsterisk
            maw={180}
            value={question.code}
            readOnly={readOnly}
            error={problemOf(codeId)}
            onChange={(event) => edit({ type: "question.set", question: question.key, field: "code", value: event.currentTarget.value })}
          />
          <Select
            label={t`Question type`}
            allowDeselect={false}
            readOnly={readOnly}
            value={String(question.questionType === 4 ? 1 : question.questionType)}
            data={EDITABLE_TYPES.map((type) => ({ value: String(type), label: i18n._(questionTypeLabels[type]) }))}
            onChange={(value) => value !== null && edit({ type: "question.setType", question: question.key, questionType: Number(value) as QuestionType })}
          />
        </Group>
        <Textarea
          id={textId}
          label={t`Question text`}
          withAsterisk
          autosize
          minRows={1}
          value={question.text}
          readOnly={readOnly}
          error={problemOf(textId)}
          onChange={(event) => edit({ type: "question.set", question: question.key, field: "text", value: event.currentTarget.value })}
        />
        <Text size="sm" fw={600}>
          <Trans>Options</Trans>
        </Text>
        <OptionList question={question} />
        <Group gap="xs">
          <Button id={`add-option-${question.key}`} variant="light" size="xs" disabled={readOnly} onClick={addOption}>
            <Trans>Add option</Trans>
          </Button>
          <Button variant="default" size="xs" disabled={readOnly} onClick={() => setChoosingPredefined(true)}>
            <Trans>Add predefined options</Trans>
          </Button>
        </Group>
        <PredefinedOptionsDialog question={question.key} opened={choosingPredefined} onClose={() => setChoosingPredefined(false)} />
      </Stack>
    </Paper>
  );
});
