import { useLingui } from "@lingui/react/macro";
import { useApi } from "../../../api/api-context";
import { saveFile } from "../../../shared/save-file";
import { isRetryable } from "../../../shared/machines/mutation.machine";
import { announceFailure } from "../../../shared/ui/toasts";
import { useMutation } from "../../../shared/ui/use-mutation";
import { exportForm } from "./form-list.actors";
import type { FormListItem } from "./form-list.machine";
import { formExportErrorMessage } from "./form-list.messages";

/**
 * Downloading one form as a JSON file (to import it elsewhere, or next election). It changes nothing, so it may
 * be abandoned; a second click waits for the first. Start it with `{ type: "mutation.start", request: form }`.
 */
export function useFormExport() {
  const api = useApi();
  const { i18n } = useLingui();
  const exporting = useMutation<FormListItem, { blob: Blob; fileName: string }>({
    abortable: true,
    run: (form, { signal }) => exportForm(api, form, signal),
    onSucceeded: (_, file) => saveFile(file.blob, file.fileName),
    onFailed: (_, error) =>
      announceFailure(i18n._(formExportErrorMessage(error)), {
        onRetry: isRetryable(error) ? () => exporting.send({ type: "mutation.retry" }) : undefined,
      }),
  });
  return exporting;
}
