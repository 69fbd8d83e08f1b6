import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Loader, Stack, Text, Title } from "@mantine/core";
import { useActorRef, useSelector } from "@xstate/react";
import { fromPromise } from "xstate";
import { Link, Navigate, useParams } from "react-router";
import { useServices } from "../app/services-context";
import type { FormAnswers } from "../outbox/observer-writes";
import type { Form } from "../reference/reference-types";
import type { CurrentStation } from "../storage/observer-store";
import { formAnswersMachine } from "./form-answers.machine";
import { QuestionField } from "./QuestionField";

/** A published form at the observer's station: each answer is kept on the phone and queued the moment it is given. */
export function FormPage() {
  const { formId } = useParams();
  const { store } = useServices();
  const station = useSelector(store, (snapshot) => snapshot.context.currentStation);
  const form = useSelector(store, (snapshot) => snapshot.context.forms?.forms.find((candidate) => String(candidate.id) === formId) ?? null);
  if (!station) return <Navigate to="/stations" replace />;
  if (!form) return <Navigate to="/" replace />;
  return <FormAnswering key={`${station.id}:${form.id}`} station={station} form={form} />;
}

function FormAnswering({ station, form }: { station: CurrentStation; form: Form }) {
  const { t } = useLingui();
  const { writes } = useServices();
  const actor = useActorRef(
    formAnswersMachine.provide({
      actors: { loadAnswers: fromPromise<FormAnswers>(() => writes.answersOf(station, form.id)) },
      actions: { keep: (_, { answers }) => void writes.saveAnswers(station, form, answers) },
    }),
  );
  const loading = useSelector(actor, (snapshot) => snapshot.matches("loading"));
  const answers = useSelector(actor, (snapshot) => snapshot.context.answers);

  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1} size="h3">
          {form.code}: {form.description}
        </Title>
        <Text size="sm" c="dimmed">
          <Trans>Every answer is kept on this phone as soon as you give it, and sent when there is network.</Trans>
        </Text>
      </Stack>
      {loading ? (
        <Loader aria-label={t`Loading your answers`} />
      ) : (
        form.formSections.map((section) => (
          <Stack key={section.id} gap="md" component="section" aria-label={section.description || section.code}>
            <Title order={2} size="h4">
              {section.description || section.code}
            </Title>
            {section.questions.map((question) => (
              <QuestionField
                key={question.id}
                question={question}
                chosen={answers[question.id] ?? []}
                onChange={(options) => actor.send({ type: "answer.change", questionId: question.id, options })}
              />
            ))}
          </Stack>
        ))
      )}
      <Button component={Link} to="/" variant="default">
        <Trans>Back to the station</Trans>
      </Button>
    </Stack>
  );
}
