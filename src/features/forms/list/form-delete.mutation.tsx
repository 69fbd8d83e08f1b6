import { Trans, useLingui } from "@lingui/react/macro";
import { useApi } from "../../../api/api-context";
import { isRetryable } from "../../../shared/machines/mutation.machine";
import { announceFailure, announceRemoval } from "../../../shared/ui/toasts";
import { useMutation } from "../../../shared/ui/use-mutation";
import { deleteForm } from "./form-list.actors";
import type { FormListItem } from "./form-list.machine";
import { formDeleteErrorMessage } from "./form-list.messages";

/**
 * Deleting one form, confirmed first. Whatever the outcome the list loads again (`reload`): a refused delete may
 * mean the list changed. A refusal says why; a failure of the network or the server offers to try again.
 * Start it with `{ type: "mutation.start", request: form }`.
 */
export function useFormDelete(reload: () => void) {
  const api = useApi();
  const { i18n } = useLingui();
  const deletion = useMutation<FormListItem, unknown>({
    confirm: true,
    run: (form, { signal }) => deleteForm(api, form.id, signal),
    onSucceeded: () => {
      announceRemoval(<Trans>The form has been deleted</Trans>);
      reload();
    },
    onFailed: (_, error) => {
      announceFailure(i18n._(formDeleteErrorMessage(error)), {
        onRetry: isRetryable(error) ? () => deletion.send({ type: "mutation.retry" }) : undefined,
      });
      reload();
    },
  });
  return deletion;
}
