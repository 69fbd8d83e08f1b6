import { memo, use, useCallback, useMemo, useState } from "react";
import { Button, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { ConfirmItemDelete } from "./ConfirmItemDelete";
import { ProblemsContext, ReadOnlyContext, useEditorTools } from "./editor-context";
import type { QuestionDraft, SectionDraft } from "./form-document";
import { problemMessage } from "./form-editor.messages";
import { fieldId } from "./form-validation";
import { ItemMenu } from "./ItemMenu";
import { QuestionCard, type SectionChoice } from "./QuestionCard";
import { SortableStack } from "./SortableStack";

/** A loaded form longer than this opens with its questions folded. */
const FOLD_LOADED_ABOVE = 12;

/** The form's sections, reorderable, each with its questions; an "Add section" button after them. */
export function SectionList({ sections }: { sections: readonly SectionDraft[] }) {
  const { edit, newKey, focusSoon } = useEditorTools();
  const { t } = useLingui();
  const readOnly = use(ReadOnlyContext);
  const questionCount = sections.reduce((sum, section) => sum + section.questions.length, 0);
  const foldLoaded = questionCount > FOLD_LOADED_ABOVE;
  // One stable list for every question card's "Move to section" menu: it changes only when a section's name does.
  // The memo is keyed by the names themselves (a keystroke in a question leaves the key, and so the list, unchanged).
  const choicesKey = JSON.stringify(sections.map((section, index) => [section.key, sectionName(section, index)]));
  const choices = useMemo(() => sectionChoicesOf(choicesKey), [choicesKey]);
  const idOf = useCallback((section: SectionDraft) => section.key, []);
  const nameOf = useCallback((section: SectionDraft) => t`section ${sectionName(section, sections.indexOf(section))}`, [t, sections]);

  const addSection = () => {
    const key = newKey();
    edit({ type: "section.add", key });
    focusSoon(fieldId({ of: "section", key, field: "description" }));
  };

  return (
    <Stack gap="md">
      <SortableStack
        items={sections}
        idOf={idOf}
        nameOf={nameOf}
        gap="md"
        onMove={(from, to) => edit({ type: "section.move", from, to })}
        renderItem={(section, index) => (
          <SectionCard section={section} index={index} count={sections.length} sections={choices} foldLoaded={foldLoaded} />
        )}
      />
      <Group>
        <Button id="add-section" variant="light" disabled={readOnly} onClick={addSection}>
          <Trans>Add section</Trans>
        </Button>
      </Group>
    </Stack>
  );
}

function sectionChoicesOf(key: string): SectionChoice[] {
  return (JSON.parse(key) as [string, string][]).map(([sectionKey, label]) => ({ key: sectionKey, label }));
}

function sectionName(section: SectionDraft, index: number): string {
  const title = section.description.trim() || section.code.trim();
  return title || `${index + 1}`;
}

interface SectionCardProps {
  section: SectionDraft;
  index: number;
  count: number;
  sections: readonly SectionChoice[];
  foldLoaded: boolean;
}

const SectionCard = memo(function SectionCard({ section, index, count, sections, foldLoaded }: SectionCardProps) {
  const { edit, newKey, announce, focusSoon } = useEditorTools();
  const { t, i18n } = useLingui();
  const readOnly = use(ReadOnlyContext);
  const problems = use(ProblemsContext);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const name = sectionName(section, index);
  const titleId = fieldId({ of: "section", key: section.key, field: "description" });
  const codeId = fieldId({ of: "section", key: section.key, field: "code" });
  const problemOf = (id: string) => {
    const problem = problems.get(id);
    return problem ? problemMessage(i18n, problem) : undefined;
  };
  const idOf = useCallback((question: QuestionDraft) => question.key, []);
  const nameOf = useCallback((question: QuestionDraft) => t`question ${question.code || question.text}`, [t]);

  const move = (to: number) => {
    edit({ type: "section.move", from: index, to });
    const place = to + 1;
    announce(t`Section ${name} moved to position ${place} of ${count}.`);
    focusSoon(`section-${section.key}-menu`);
  };
  const remove = () => {
    setConfirmingDelete(false);
    edit({ type: "section.remove", section: section.key });
    announce(t`Section ${name} deleted. Undo with Ctrl+Z.`);
    focusSoon("add-section");
  };
  const addQuestion = () => {
    const key = newKey();
    edit({ type: "question.add", section: section.key, key });
    focusSoon(fieldId({ of: "question", key, field: "code" }));
  };

  return (
    <Paper withBorder p="md" radius="md" bg="gray.0" component="section" aria-label={t`Section ${name}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Title order={2} size="h4">
          <Trans>Section {name}</Trans>
        </Title>
        <ItemMenu
          id={`section-${section.key}-menu`}
          label={t`Actions for section ${name}`}
          index={index}
          count={count}
          onMove={move}
          deleteLabel={<Trans>Delete section</Trans>}
          onDelete={() => setConfirmingDelete(true)}
        />
      </Group>
      <Group grow align="flex-start" mt="xs" wrap="wrap">
        <TextInput
          id={titleId}
          label={t`Section title`}
          withAsterisk
          value={section.description}
          readOnly={readOnly}
          error={problemOf(titleId)}
          onChange={(event) => edit({ type: "section.set", section: section.key, field: "description", value: event.currentTarget.value })}
        />
        <TextInput
          id={codeId}
          label={t`Section code`}
          withAsterisk
          maw={180}
          value={section.code}
          readOnly={readOnly}
          error={problemOf(codeId)}
          onChange={(event) => edit({ type: "section.set", section: section.key, field: "code", value: event.currentTarget.value })}
        />
      </Group>
      <Stack gap="sm" mt="md">
        {section.questions.length === 0 ? (
          <Text size="sm" c="dimmed">
            <Trans>No questions in this section yet.</Trans>
          </Text>
        ) : (
          <SortableStack
            items={section.questions}
            idOf={idOf}
            nameOf={nameOf}
            onMove={(from, to) => edit({ type: "question.move", from: { section: section.key, index: from }, to: { section: section.key, index: to } })}
            renderItem={(question, questionIndex) => (
              <QuestionCard
                question={question}
                section={section.key}
                index={questionIndex}
                count={section.questions.length}
                sections={sections}
                defaultExpanded={question.id === undefined || !foldLoaded}
              />
            )}
          />
        )}
        <Group>
          <Button id={`add-question-${section.key}`} variant="light" size="sm" disabled={readOnly} onClick={addQuestion}>
            <Trans>Add question</Trans>
          </Button>
        </Group>
      </Stack>
      <ConfirmItemDelete opened={confirmingDelete} title={<Trans>Delete section</Trans>} onConfirm={remove} onCancel={() => setConfirmingDelete(false)} />
    </Paper>
  );
});
