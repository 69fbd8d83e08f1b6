import { Stack, Title } from "@mantine/core";
import { answersByQuestion, notesOfQuestion } from "./details.selectors";
import type { FilledInQuestion, FullForm, Note } from "./details.types";
import { QuestionAnswers } from "./QuestionAnswers";

/** One form as the observer filled it in: its sections, each question with the options chosen and its notes. */
export function FormAnswers({ form, questions, notes }: { form: FullForm; questions: readonly FilledInQuestion[]; notes: readonly Note[] }) {
  const answers = answersByQuestion(questions, form.id);
  return (
    <Stack gap="lg">
      {form.formSections.map((section) => (
        <Stack key={section.id} gap="sm" component="section" aria-label={`${section.code} ${section.description}`}>
          <Title order={4} size="h5">
            {section.code} {section.description}
          </Title>
          {section.questions.map((question) => (
            <QuestionAnswers
              key={question.id}
              question={question}
              answers={answers.get(question.id)}
              notes={notesOfQuestion(notes, question.id)}
            />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
