import { useState } from "react";
import { Checkbox, Radio, Stack, Text, TextInput } from "@mantine/core";
import { useLingui } from "@lingui/react";
import { Trans } from "@lingui/react/macro";
import type { QuestionDraft } from "../editor/form-document";
import { questionTitle } from "./flagged-entries";
import { allowsSeveral, previewMessages } from "./preview.messages";

function FreeTextBox({ optionText, value, onChange }: { optionText: string; value: string; onChange: (value: string) => void }) {
  return (
    <TextInput
      label={<Trans comment="Form preview: label of the text box of a free-text option">Details for “{optionText}”</Trans>}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

/** One question as an observer answers it; the choice is the preview's own, nothing is saved. */
export function PreviewQuestion({ question }: { question: QuestionDraft }) {
  const { i18n } = useLingui();
  const [chosen, setChosen] = useState<string[]>([]);
  const [texts, setTexts] = useState<Record<string, string>>({});
  const several = allowsSeveral(question.questionType);
  const legend = questionTitle(question);
  const urgent = question.options.some((option) => option.flagged && chosen.includes(option.key));

  const freeTexts = question.options
    .filter((option) => option.isFreeText && chosen.includes(option.key))
    .map((option) => (
      <FreeTextBox
        key={option.key}
        optionText={option.text}
        value={texts[option.key] ?? ""}
        onChange={(value) => setTexts({ ...texts, [option.key]: value })}
      />
    ));

  const options = question.options.map((option) =>
    several ? (
      <Checkbox key={option.key} value={option.key} label={option.text} />
    ) : (
      <Radio key={option.key} value={option.key} label={option.text} />
    ),
  );

  return (
    <Stack gap="xs" data-preview-question={question.key}>
      {several ? (
        <Checkbox.Group label={legend} value={chosen} onChange={setChosen}>
          <Stack gap="xs" mt="xs">
            {options}
          </Stack>
        </Checkbox.Group>
      ) : (
        <Radio.Group label={legend} value={chosen[0] ?? null} onChange={(value) => setChosen([value])}>
          <Stack gap="xs" mt="xs">
            {options}
          </Stack>
        </Radio.Group>
      )}
      {freeTexts}
      {/* Always in the page, so that screen readers announce the warning the moment it appears. */}
      <Text role="status" c="red.8" fw={600} size="sm">
        {urgent ? i18n._(previewMessages.urgent) : null}
      </Text>
    </Stack>
  );
}
