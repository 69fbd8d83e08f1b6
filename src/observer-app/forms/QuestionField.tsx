import { Trans } from "@lingui/react/macro";
import { Alert, Anchor, Checkbox, Radio, Stack, Text, TextInput } from "@mantine/core";
import { Link } from "react-router";
import { useEffect, useRef, useState } from "react";
import type { ChosenOption } from "../outbox/observer-writes";
import type { Question } from "../reference/reference-types";

/** 1, 2 and the legacy 4 take one option; 0 and 3 several (see the contract's QuestionType). */
const SINGLE_CHOICE = new Set([1, 2, 4]);
/** Typing is kept after a short pause, so that a closed tab loses at most the last moment's letters. */
const TEXT_PAUSE_MS = 400;

/** One question: its options as radio buttons or checkboxes, a text box under a chosen free-text option. */
export function QuestionField({ question, chosen, onChange }: { question: Question; chosen: ChosenOption[]; onChange: (options: ChosenOption[]) => void }) {
  const single = SINGLE_CHOICE.has(question.questionType);
  const { code } = question;
  const chosenIds = new Set(chosen.map((option) => option.optionId));
  const flaggedChosen = question.optionsToQuestions.some((option) => option.flagged && chosenIds.has(option.idOption));
  const setText = (optionId: number, value: string) => onChange(chosen.map((option) => (option.optionId === optionId ? { optionId, value } : option)));
  const label = (
    <Text fw={600}>
      {question.code}. {question.text}
    </Text>
  );

  const options = question.optionsToQuestions.map((option) => (
    <Stack key={option.idOption} gap={4}>
      {single ? (
        <Radio value={String(option.idOption)} label={option.text} size="md" />
      ) : (
        <Checkbox value={String(option.idOption)} label={option.text} size="md" />
      )}
      {option.isFreeText && chosenIds.has(option.idOption) ? (
        <FreeText option={option.text} value={chosen.find((c) => c.optionId === option.idOption)?.value ?? ""} onKeep={(value) => setText(option.idOption, value)} />
      ) : null}
    </Stack>
  ));

  return (
    <Stack gap="xs">
      {single ? (
        <Radio.Group label={label} value={chosen[0] ? String(chosen[0].optionId) : null} onChange={(value) => onChange([{ optionId: Number(value) }])}>
          <Stack gap="sm" mt="xs">
            {options}
          </Stack>
        </Radio.Group>
      ) : (
        <Checkbox.Group label={label} value={[...chosenIds].map(String)} onChange={(values) => onChange(values.map((value) => chosen.find((option) => String(option.optionId) === value) ?? { optionId: Number(value) }))}>
          <Stack gap="sm" mt="xs">
            {options}
          </Stack>
        </Checkbox.Group>
      )}
      <Anchor component={Link} to={`/notes/new?question=${question.id}`} size="sm">
        <Trans>Add a note or photos to {code}</Trans>
      </Anchor>
      {flaggedChosen ? (
        <Alert color="red" variant="light" role="status">
          <Trans>This answer reports an irregularity: it goes out as urgent, before everything else waiting.</Trans>
        </Alert>
      ) : null}
    </Stack>
  );
}

function FreeText({ option, value, onKeep }: { option: string; value: string; onKeep: (value: string) => void }) {
  const [text, setText] = useState(value);
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; keep: () => void } | null>(null);
  const flush = () => {
    if (!pending.current) return;
    clearTimeout(pending.current.timer);
    pending.current.keep();
    pending.current = null;
  };
  // Leaving the form keeps what was typed last.
  useEffect(() => flush, []);
  const keepSoon = (next: string) => {
    setText(next);
    if (pending.current) clearTimeout(pending.current.timer);
    const keep = () => onKeep(next);
    pending.current = { keep, timer: setTimeout(() => { pending.current = null; keep(); }, TEXT_PAUSE_MS) };
  };
  return <TextInput aria-label={option} value={text} onChange={(event) => keepSoon(event.currentTarget.value)} onBlur={flush} />;
}
