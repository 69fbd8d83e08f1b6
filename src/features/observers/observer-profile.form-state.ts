import { useState } from "react";
import { clearObserverDraft, observerDraftKey, readObserverDraft, writeObserverDraft } from "./observer-profile.draft";
import {
  EMPTY_OBSERVER_FORM,
  normalizeObserverForm,
  observerFormValues,
  validateObserverForm,
  type ObserverField,
  type ObserverFormValues,
} from "./observer-profile.form";
import type { Observer } from "./observers.actors";

interface FormState {
  values: ObserverFormValues;
  touched: Partial<Record<ObserverField, true>>;
  /** The values last sent: a server error on a field shows until the field changes. */
  submitted: ObserverFormValues | null;
  /** Whether the values came from a draft left by an earlier visit. */
  restored: boolean;
}

function startingState(base: ObserverFormValues, draftKey: string | null): FormState {
  const draft = draftKey === null ? null : readObserverDraft(sessionStorage, draftKey);
  const restored = draft !== null && (draft.name !== base.name || draft.phone !== base.phone);
  const values = restored ? { ...base, ...draft } : base;
  return { values, touched: restored ? { name: true, phone: true } : {}, submitted: null, restored };
}

const sameDraft = (left: ObserverFormValues, right: ObserverFormValues) =>
  left.name === right.name && left.phone === right.phone;

/**
 * The observer form's values, which fields the user has visited, and the draft kept in sessionStorage per route,
 * so unsaved work survives a failed save and a reload. `record` is null when creating; a new record (after a
 * save) resets the form. `keepsDraft` is false while viewing.
 */
export function useObserverFormState(record: Observer | null, keepsDraft: boolean) {
  const creating = record === null;
  const draftKey = keepsDraft ? observerDraftKey(record?.id ?? null) : null;
  const base = record ? observerFormValues(record) : EMPTY_OBSERVER_FORM;
  const [state, setState] = useState(() => startingState(base, draftKey));
  const [shownRecord, setShownRecord] = useState(record);
  if (record !== shownRecord) {
    setShownRecord(record);
    setState(startingState(base, draftKey));
  }

  function change(field: ObserverField, value: string) {
    const values = { ...state.values, [field]: value };
    if (draftKey !== null) {
      if (sameDraft(values, base)) clearObserverDraft(sessionStorage, draftKey);
      else writeObserverDraft(sessionStorage, draftKey, values);
    }
    setState({ ...state, values, touched: { ...state.touched, [field]: true } });
  }

  return {
    values: state.values,
    problems: validateObserverForm(state.values, creating),
    restored: state.restored,
    isTouched: (field: ObserverField) => state.touched[field] === true,
    /** Whether the field still holds what was sent, so the server's verdict on it still applies. */
    isAsSubmitted: (field: ObserverField) => state.submitted !== null && state.submitted[field] === state.values[field],
    change,
    touch: (field: ObserverField) => setState({ ...state, touched: { ...state.touched, [field]: true } }),
    submitted: () => {
      setState({ ...state, submitted: state.values });
      return normalizeObserverForm(state.values);
    },
    discardDraft: () => {
      if (draftKey !== null) clearObserverDraft(sessionStorage, draftKey);
      setState({ values: base, touched: {}, submitted: null, restored: false });
    },
  };
}
