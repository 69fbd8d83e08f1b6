import { Button } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { useApi } from "../../api/api-context";
import type { ListQuery } from "../../shared/machines/list.machine";
import { selectIsBusy } from "../../shared/machines/mutation.selectors";
import { announceFailure } from "../../shared/ui/toasts";
import { saveFile } from "../../shared/save-file";
import { useMutation } from "../../shared/ui/use-mutation";
import { exportObservers } from "./observer-list.actors";

export const OBSERVERS_EXPORT_FILE_NAME = "observers.csv";

interface ObserverExportButtonProps {
  query: Pick<ListQuery, "filter" | "sort">;
}

/** Downloads a CSV of every observer matching the list's current filter and sort; a second click waits for the first. */
export function ObserverExportButton({ query }: ObserverExportButtonProps) {
  const api = useApi();
  const { t } = useLingui();
  const exporting = useMutation<Pick<ListQuery, "filter" | "sort">, Blob>({
    abortable: true,
    run: (request, { signal }) => exportObservers(api, request, signal),
    onSucceeded: (_, file) => saveFile(file, OBSERVERS_EXPORT_FILE_NAME),
    onFailed: () =>
      announceFailure(t({ message: "Could not export the observers. Try again later." }), {
        onRetry: () => exporting.send({ type: "mutation.retry" }),
      }),
  });
  const busy = useSelector(exporting, selectIsBusy);

  return (
    <Button variant="default" loading={busy} onClick={() => exporting.send({ type: "mutation.start", request: query })}>
      <Trans id="EXPORT" comment="Button: download the list as a file">Export</Trans>
    </Button>
  );
}
