import { memo, use, useCallback, useState } from "react";
import { ActionIcon, Group, Switch, Text, TextInput, Tooltip } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { ConfirmItemDelete } from "./ConfirmItemDelete";
import { ProblemsContext, ReadOnlyContext, useEditorTools } from "./editor-context";
import type { OptionDraft, QuestionDraft } from "./form-document";
import { problemMessage } from "./form-editor.messages";
import { fieldId } from "./form-validation";
import { SortableStack } from "./SortableStack";

/** The options of one question, reorderable by drag or keyboard. */
export function OptionList({ question }: { question: QuestionDraft }) {
  const { edit } = useEditorTools();
  const { t } = useLingui();
  const idOf = useCallback((option: OptionDraft) => option.key, []);
  const nameOf = useCallback((option: OptionDraft) => t`option ${option.text}`, [t]);
  if (question.options.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        <Trans>No options yet.</Trans>
      </Text>
    );
  }
  return (
    <SortableStack
      items={question.options}
      idOf={idOf}
      nameOf={nameOf}
      gap="xs"
      onMove={(from, to) => edit({ type: "option.move", question: question.key, from, to })}
      renderItem={(option, index) => <OptionRow question={question.key} option={option} position={index + 1} />}
    />
  );
}

const OptionRow = memo(function OptionRow({ question, option, position }: { question: string; option: OptionDraft; position: number }) {
  const { edit, announce, focusSoon } = useEditorTools();
  const { t, i18n } = useLingui();
  const readOnly = use(ReadOnlyContext);
  const problem = use(ProblemsContext).get(fieldId({ of: "option", key: option.key, field: "text" }));
  const [confirming, setConfirming] = useState(false);
  const textId = fieldId({ of: "option", key: option.key, field: "text" });

  const remove = () => {
    setConfirming(false);
    edit({ type: "option.remove", question, option: option.key });
    announce(t`Option ${position} deleted. Undo with Ctrl+Z.`);
    focusSoon(`add-option-${question}`);
  };

  return (
    <Group gap="sm" wrap="wrap" align="flex-start" role="group" aria-label={t`Option ${position}`}>
      <TextInput
        id={textId}
        style={{ flex: "1 1 16rem" }}
        size="sm"
        aria-label={t`Option text`}
        placeholder={t`Option ${position}`}
        value={option.text}
        readOnly={readOnly}
        error={problem ? problemMessage(i18n, problem) : undefined}
        onChange={(event) => edit({ type: "option.set", question, option: option.key, value: event.currentTarget.value })}
      />
      <Switch
        mt={7}
        label={t`Free text`}
        checked={option.isFreeText}
        onChange={() => edit({ type: "option.toggle", question, option: option.key, flag: "isFreeText" })}
      />
      <Switch
        mt={7}
        color="red"
        label={t`Flagged (urgent)`}
        checked={option.flagged}
        onChange={() => edit({ type: "option.toggle", question, option: option.key, flag: "flagged" })}
      />
      <Tooltip label={t`Delete option ${position}`}>
        <ActionIcon mt={4} variant="subtle" color="red" aria-label={t`Delete option ${position}`} disabled={readOnly} onClick={() => setConfirming(true)}>
          ×
        </ActionIcon>
      </Tooltip>
      <ConfirmItemDelete opened={confirming} title={<Trans>Delete option</Trans>} onConfirm={remove} onCancel={() => setConfirming(false)} />
    </Group>
  );
});
