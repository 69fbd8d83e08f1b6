import { useEffect, useMemo, useState } from "react";
import { Stack, Tabs, Text, Title } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { useSelector as useStoreSelector } from "@xstate/store-react";
import type { ActorRefFrom } from "xstate";
import { useApi } from "../../../api/api-context";
import { usePageActor } from "../../../shared/use-page-actor";
import { ListLoadError } from "../../../shared/ui/ListLoadError";
import { ListLoading } from "../../../shared/ui/ListLoading";
import { createDetailsActions, createDetailsActors } from "./details.actors";
import { DetailsLoadErrorText } from "./details.load-error";
import { detailsMachine } from "./details.machine";
import * as select from "./details.selectors";
import type { Thread } from "./details.types";
import { createFormsStore, selectFullForm, type FormsStore } from "./forms.store";
import { FormAnswers } from "./FormAnswers";
import { formTabsOf } from "./form-tabs";
import { StationFacts } from "./StationFacts";
import { StationNotes } from "./NoteList";
import { ThreadTriagePanel } from "./triage";

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

/** The details pane of one thread: station facts, station notes, then one tab per answered form. */
export function AnswerDetails({ thread }: { thread: Thread }) {
  const api = useApi();
  const [forms] = useState(createFormsStore);
  const actor = usePageActor(
    detailsMachine,
    { actors: createDetailsActors(api, forms), actions: createDetailsActions(forms) },
    { input: thread },
  );
  const { observerId, pollingStationId } = thread;
  useEffect(() => {
    // Another thread picked in the list: the machine restarts its loads (and ignores the thread it already shows).
    actor.send({ type: "thread.change", thread: { observerId, pollingStationId } });
  }, [actor, observerId, pollingStationId]);

  return (
    <Stack gap="md" component="section" aria-labelledby="answer-details-title">
      <Title order={2} size="h3" id="answer-details-title">
        <Trans>Answer details</Trans>
      </Title>
      {/* Keyed by thread: another thread is another panel, and leaving one releases its claim. */}
      <ThreadTriagePanel key={`${observerId}-${pollingStationId}`} thread={{ observerId, pollingStationId }} />
      <DetailsBody actor={actor} forms={forms} />
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
