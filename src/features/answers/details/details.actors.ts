import type { ApiClient } from "../../../api/client";
import { expectData } from "../../../api/problem";
import { fromAbortablePromise } from "../../../shared/machines/from-abortable-promise";
import type { AnsweredForms, FormSummary, FullForm, Note, StationFacts, Thread } from "./details.types";
import type { FormsStore } from "./forms.store";

/** The details machine's loads (listFilledInAnswers + listForms, listNotes, getPollingStationInfo, getForm). */
export function createDetailsActors(api: ApiClient, forms: FormsStore) {
  async function listForms(signal: AbortSignal): Promise<FormSummary[]> {
    const known = forms.getSnapshot().context.items;
    if (known.length > 0) return known;
    return (await expectData(api.GET("/api/v1/form", { signal }))).formVersions;
  }

  return {
    // All four start on mount or on a route change: see fromAbortablePromise.
    loadAnswers: fromAbortablePromise<AnsweredForms, Thread>(async ({ input, signal }) => {
      const query = { idObserver: input.observerId, idPollingStation: input.pollingStationId };
      const [questions, formList] = await Promise.all([
        expectData(api.GET("/api/v1/answers/filledIn", { params: { query }, signal })),
        listForms(signal),
      ]);
      return { questions, forms: formList };
    }),
    loadNotes: fromAbortablePromise<Note[], Thread>(({ input, signal }) =>
      expectData(
        api.GET("/api/v2/note", { params: { query: { idObserver: input.observerId, idPollingStation: input.pollingStationId } }, signal }),
      ),
    ),
    loadStation: fromAbortablePromise<StationFacts | null, Thread>(async ({ input, signal }) => {
      const query = { ObserverId: input.observerId, PollingStationId: input.pollingStationId };
      const facts = await expectData(api.GET("/api/v1/answers/pollingStationInfo", { params: { query }, signal }));
      // 204: the observer recorded nothing there.
      return facts ?? null;
    }),
    loadForm: fromAbortablePromise<FullForm, { formId: number }>(({ input, signal }) => {
      const cached = forms.getSnapshot().context.fullyLoaded[input.formId];
      if (cached) return Promise.resolve(cached);
      return expectData(api.GET("/api/v1/form/{id}", { params: { path: { id: input.formId } }, signal }));
    }),
  };
}

/** The machine's actions that keep what was loaded in the forms store. */
export function createDetailsActions(forms: FormsStore) {
  return {
    formsListed: (_: unknown, { forms: items }: { forms: FormSummary[] }) => {
      if (forms.getSnapshot().context.items !== items) forms.trigger.itemsLoaded({ items });
    },
    formLoaded: (_: unknown, { form }: { form: FullForm }) => forms.trigger.formLoaded({ form }),
  };
}
