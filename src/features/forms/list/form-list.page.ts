import { useLingui } from "@lingui/react/macro";
import { useApi } from "../../../api/api-context";
import { useCurrentAccount } from "../../../shared/account/account-context";
import { announceFailure } from "../../../shared/ui/toasts";
import { usePageActor } from "../../../shared/use-page-actor";
import { createFormListActors, createFormOrderActors } from "./form-list.actors";
import { formListMachine } from "./form-list.machine";
import { formOrderErrorMessage } from "./form-list.messages";
import { formOrderMachine } from "./form-order.machine";

/** The spec's page size of the forms list. */
export const FORM_PAGE_SIZE = 10;

/**
 * The forms list's actor with its calls, and the order child's save and rollback toast. The child is created once,
 * with the first render's implementations: `i18n` is the same object for the page's whole life and translates in
 * the language current when the toast shows.
 */
export function useFormListActor() {
  const api = useApi();
  const { i18n } = useLingui();
  const { organizer } = useCurrentAccount();
  return usePageActor(
    formListMachine,
    {
      actors: {
        ...createFormListActors(api),
        order: formOrderMachine.provide({
          actors: createFormOrderActors(api),
          actions: { onRolledBack: (_, { error }) => announceFailure(i18n._(formOrderErrorMessage(error))) },
        }),
      },
    },
    { input: { pageSize: FORM_PAGE_SIZE, reorderable: organizer } },
  );
}
