import { Alert, Anchor, List } from "@mantine/core";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import type { FormDocument } from "./form-document";
import { problemMessage } from "./form-editor.messages";
import { fieldId, type FieldAddress, type FormProblem } from "./form-validation";

/** Where a field is, in words: "Question B1.2, text". */
function useFieldLabel(document: FormDocument) {
  const { t } = useLingui();
  const sections = new Map(document.sections.map((section, index) => [section.key, section.description.trim() || section.code.trim() || `${index + 1}`]));
  const questions = new Map<string, string>();
  const options = new Map<string, string>();
  for (const section of document.sections) {
    section.questions.forEach((question, index) => {
      const name = question.code.trim() || `${sections.get(section.key)}.${index + 1}`;
      questions.set(question.key, name);
      question.options.forEach((option, optionIndex) => options.set(option.key, `${name}, ${optionIndex + 1}`));
    });
  }
  return (at: FieldAddress): string => {
    switch (at.of) {
      case "form":
        return at.field === "code" ? t`Form code` : at.field === "description" ? t`Form title` : t`Sections`;
      case "section": {
        const name = sections.get(at.key) ?? "";
        return at.field === "code" ? t`Section ${name}, code` : t`Section ${name}, title`;
      }
      case "question": {
        const name = questions.get(at.key) ?? "";
        return at.field === "code" ? t`Question ${name}, code` : t`Question ${name}, text`;
      }
      case "option": {
        const name = options.get(at.key) ?? "";
        return t`Option ${name}, text`;
      }
    }
  };
}

interface ProblemSummaryProps {
  problems: readonly FormProblem[];
  document: FormDocument;
  /** The refused attempt was to publish, which asks more of the form than a draft. */
  publishing: boolean;
  onFocusField: (id: string) => void;
}

/**
 * Why the form cannot be saved (or published) yet, every problem a link that takes the focus to its field (the fields
 * say it too). Shown after a refused attempt, and it shrinks as the problems are fixed.
 */
export function ProblemSummary({ problems, document, publishing, onFocusField }: ProblemSummaryProps) {
  const { i18n } = useLingui();
  const labelOf = useFieldLabel(document);
  const count = problems.length;
  const title = publishing ? (
    <Trans>The form cannot be published yet: <Plural value={count} one="# problem" other="# problems" /></Trans>
  ) : (
    <Trans>The form cannot be saved yet: <Plural value={count} one="# problem" other="# problems" /></Trans>
  );
  return (
    <Alert color="red" role="alert" id="form-problems" tabIndex={-1} title={title}>
      <List size="sm" spacing={2}>
        {problems.map((problem) => {
          const id = problem.at.of === "form" && problem.at.field === "sections" ? "add-section" : fieldId(problem.at);
          return (
            <List.Item key={`${fieldId(problem.at)}-${problem.code}`}>
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => onFocusField(id)}
              >
                {labelOf(problem.at)}: {problemMessage(i18n, problem)}
              </Anchor>
            </List.Item>
          );
        })}
      </List>
    </Alert>
  );
}
