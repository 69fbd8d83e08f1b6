import { useId, useState } from "react";
import { Badge, Button, Checkbox, Group, Paper, Stack, Text, Textarea } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import type { CompletedAnswer, FullForm, Note } from "./details.types";
import { NoteList } from "./NoteList";

type Question = FullForm["formSections"][number]["questions"][number];
type Option = Question["optionsToQuestions"][number];

/** The non-colour cue next to the red: a badge that reads "Flagged". */
function FlaggedBadge() {
  return (
    <Badge color="red" variant="filled" size="sm" leftSection={<span aria-hidden="true">⚑</span>}>
      <Trans comment="Badge: an answer the form marks as worth a look">Flagged</Trans>
    </Badge>
  );
}

function OptionAnswer({ option, answer }: { option: Option; answer: CompletedAnswer | undefined }) {
  const { t } = useLingui();
  const flagged = answer?.flagged === true;
  const text = option.text;
  return (
    <Stack gap={4} component="li">
      <Group gap="xs" wrap="nowrap">
        {/* Read-only: the back office shows what the observer chose and never changes it. */}
        <Checkbox checked={answer !== undefined} readOnly label={option.text} color={flagged ? "red" : undefined} c={flagged ? "red.8" : undefined} />
        {flagged ? <FlaggedBadge /> : null}
      </Group>
      {answer && option.isFreeText ? (
        <Textarea
          readOnly
          autosize
          value={answer.value ?? ""}
          aria-label={t({ message: `Text written for "${text}"`, comment: "Accessible label of a free-text answer" })}
          ml="xl"
        />
      ) : null}
    </Stack>
  );
}

/** One question of a form: code, text, every option with the chosen ones checked, and its notes behind a toggle. */
export function QuestionAnswers({ question, answers, notes }: { question: Question; answers: CompletedAnswer[] | undefined; notes: Note[] }) {
  const [notesShown, setNotesShown] = useState(false);
  const notesId = useId();
  const flagged = answers?.some((answer) => answer.flagged) === true;
  const chosen = new Map((answers ?? []).map((answer) => [answer.idOption, answer]));
  const count = notes.length;
  return (
    <Paper
      component="article"
      withBorder
      p="sm"
      radius="sm"
      aria-label={`${question.code} ${question.text}`}
      style={flagged ? { borderColor: "var(--mantine-color-red-7)", borderWidth: 2 } : undefined}
    >
      <Stack gap="xs">
        <Group gap="xs" align="baseline">
          <Text fw={700}>{question.code}</Text>
          <Text style={{ flex: 1 }}>{question.text}</Text>
          {flagged ? <FlaggedBadge /> : null}
        </Group>
        {answers === undefined ? (
          <Text size="sm" c="dimmed">
            <Trans comment="A question the observer did not answer">Not answered</Trans>
          </Text>
        ) : null}
        <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: "none" }}>
          {question.optionsToQuestions.map((option) => (
            <OptionAnswer key={option.idOption} option={option} answer={chosen.get(option.idOption)} />
          ))}
        </Stack>
        <div>
          <Button variant="subtle" size="compact-sm" aria-expanded={notesShown} aria-controls={notesId} onClick={() => setNotesShown((shown) => !shown)}>
            {notesShown ? <Trans>Hide notes ({count})</Trans> : <Trans>Show notes ({count})</Trans>}
          </Button>
        </div>
        <div id={notesId} hidden={!notesShown}>
          {notesShown ? (
            count === 0 ? (
              <Text size="sm" c="dimmed">
                <Trans>No notes on this question.</Trans>
              </Text>
            ) : (
              <NoteList notes={notes} />
            )
          ) : null}
        </div>
      </Stack>
    </Paper>
  );
}
