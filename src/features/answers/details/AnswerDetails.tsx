import { useMemo } from "react";
import { Stack, Tabs, Text, Title } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { useSelector as useStoreSelector } from "@xstate/store-react";
import type { ActorRefFrom } from "xstate";
import { ListLoadError } from "../../../shared/ui/ListLoadError";
import { ListLoading } from "../../../shared/ui/ListLoading";
import { DetailsLoadErrorText } from "./details.load-error";
import { detailsMachine } from "./details.machine";
import * as select from "./details.selectors";
import { selectFullForm, type FormsStore } from "./forms.store";
import { FormAnswers } from "./FormAnswers";
import { formTabsOf } from "./form-tabs";
import { StationFacts } from "./StationFacts";
import { StationNotes } from "./NoteList";
import { ThreadTriagePanel } from "./triage";
import { ThreadSubject } from "./ThreadSubject";
import { useAnswersRoom } from "../answers-room.context";

type DetailsActor = ActorRefFrom<typeof detailsMachine>;

/** The selected form's panel: the full form from the store, its loader, or why it failed with a retry. */
function SelectedForm({ actor, forms }: { actor: DetailsActor; forms: FormsStore }) {
  const formId = useSelector(actor, select.selectSelectedFormId);
  const form = useStoreSelector(forms, selectFullForm(formId));
  const loading = useSelector(actor, select.selectFormIsLoading);
  const error = useSelector(actor, select.selectFormError);
  const questions = useSelector(actor, select.selectQuestions);
  const notes = useSelector(actor, select.selectNotes);
  if (error) return <ListLoadError reason={<DetailsLoadErrorText error={error} />} onRetry={() => actor.send({ type: "form.retry" })} />;
  // A form already in the store shows at once, even while the machine passes through its (instant) load.
  if (form) return <FormAnswers form={form} questions={questions} notes={notes} />;
  return loading ? <ListLoading /> : null;
}

function FormTabs({ actor, forms }: { actor: DetailsActor; forms: FormsStore }) {
  const questions = useSelector(actor, select.selectQuestions);
  const formList = useSelector(actor, select.selectForms);
  const tabs = useMemo(() => formTabsOf(questions, formList), [questions, formList]);
  const selected = useSelector(actor, select.selectSelectedFormId);
  const noForms = useSelector(actor, select.selectHasNoForms);
  if (noForms) {
    return (
      <Text c="dimmed">
        <Trans>The observer answered no questions at this station.</Trans>
      </Text>
    );
  }
  return (
    <Tabs
      value={selected === null ? null : String(selected)}
      onChange={(value) => value !== null && actor.send({ type: "form.select", formId: Number(value) })}
      keepMounted={false}
    >
      <Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.formId} value={String(tab.formId)}>
            {tab.title}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Panel key={tab.formId} value={String(tab.formId)} pt="md">
          <SelectedForm actor={actor} forms={forms} />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

/**
 * The details pane of the open thread: who and where it is about, its triage, station facts, station notes, then one
 * tab per answered form.
 */
export function AnswerDetails() {
  const { room, forms } = useAnswersRoom();
  // The room opens the thread as soon as the address names it: until then (one commit) the pane is loading.
  const details = useSelector(room, (snapshot) => snapshot.children.details);
  const triage = useSelector(room, (snapshot) => snapshot.children.triage);
  return (
    <Stack gap="md" component="section" aria-labelledby="answer-details-title">
      <Title order={2} size="h3" id="answer-details-title">
        <Trans>Answer details</Trans>
      </Title>
      {details && triage ? (
        <>
          <ThreadSubject triage={triage} />
          <ThreadTriagePanel actor={triage} />
          <DetailsBody actor={details} forms={forms} />
        </>
      ) : (
        <ListLoading />
      )}
    </Stack>
  );
}

/** One view per phase of the machine: loading, failed (with retry), loaded. */
function DetailsBody({ actor, forms }: { actor: DetailsActor; forms: FormsStore }) {
  const loading = useSelector(actor, select.selectIsLoading);
  const error = useSelector(actor, select.selectLoadError);
  const station = useSelector(actor, select.selectStation);
  const stationError = useSelector(actor, select.selectStationError);
  const notes = useSelector(actor, select.selectNotes);
  if (loading) return <ListLoading />;
  if (error) return <ListLoadError reason={<DetailsLoadErrorText error={error} />} onRetry={() => actor.send({ type: "details.retry" })} />;
  return (
    <>
      <StationFacts facts={station} error={stationError} />
      <StationNotes notes={select.stationNotes(notes)} />
      <FormTabs actor={actor} forms={forms} />
    </>
  );
}
