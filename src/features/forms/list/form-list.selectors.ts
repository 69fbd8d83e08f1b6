import type { SnapshotFrom } from "xstate";
import type { formListMachine, FormListItem } from "./form-list.machine";
import type { formOrderMachine } from "./form-order.machine";

type FormListSnapshot = SnapshotFrom<typeof formListMachine>;
type FormOrderSnapshot = SnapshotFrom<typeof formOrderMachine>;

/** True while there is nothing to show yet. */
export const selectIsLoading = (snapshot: FormListSnapshot) => snapshot.hasTag("busy");

/** True while the forms load again under the rows shown. */
export const selectIsRefreshing = (snapshot: FormListSnapshot) => snapshot.hasTag("refreshing");

/** Why the list could not be loaded, only while that failure is on screen. */
export const selectLoadError = (snapshot: FormListSnapshot) => (snapshot.matches("failed") ? snapshot.context.error : null);

export const selectForms = (snapshot: FormListSnapshot) => snapshot.context.forms;

export const selectPage = (snapshot: FormListSnapshot) => snapshot.context.page;

export const selectPageSize = (snapshot: FormListSnapshot) => snapshot.context.pageSize;

export const selectCanGoNext = (snapshot: FormListSnapshot) => snapshot.can({ type: "page.next" });

export const selectCanGoPrevious = (snapshot: FormListSnapshot) => snapshot.can({ type: "page.previous" });

/** A move is taken now (an organizer, the rows not reloading); the positions here are only a probe. */
export const selectCanReorder = (snapshot: FormListSnapshot) => snapshot.can({ type: "order.move", from: 0, to: 1 });

/** The order child, which keeps the order shown and saves it. */
export const selectOrderActor = (snapshot: FormListSnapshot) => snapshot.children.order;

const NO_IDS: number[] = [];

// The order child is invoked at the root, so it lives as long as the list: `undefined` exists only for the types.

/** The ids of every form in the order shown (moves appear at once, before the server has saved them). */
export const selectShownIds = (snapshot: FormOrderSnapshot | undefined) => snapshot?.context.shown ?? NO_IDS;

/** True while a new order is being saved. */
export const selectIsSavingOrder = (snapshot: FormOrderSnapshot | undefined) => snapshot?.hasTag("saving") ?? false;

export interface FormListRow extends FormListItem {
  /** 1-based position in the whole list: (page - 1) * pageSize + position on the page. */
  index: number;
}

/**
 * The rows of the page shown, in the order shown. A form the order does not name yet (or no longer loaded) is left
 * out until the next load brings both together.
 */
export function pageRows(forms: readonly FormListItem[], shownIds: readonly number[], page: number, pageSize: number): FormListRow[] {
  const byId = new Map(forms.map((form) => [form.id, form]));
  const ordered = shownIds.flatMap((id) => {
    const form = byId.get(id);
    return form ? [form] : [];
  });
  const first = (page - 1) * pageSize;
  return ordered.slice(first, first + pageSize).map((form, position) => ({ ...form, index: first + position + 1 }));
}
