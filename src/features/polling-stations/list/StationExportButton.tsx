import { Button } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { useApi } from "../../../api/api-context";
import { selectIsBusy } from "../../../shared/machines/mutation.selectors";
import { saveFile } from "../../../shared/save-file";
import { announceFailure } from "../../../shared/ui/toasts";
import { useMutation } from "../../../shared/ui/use-mutation";
import { STATIONS_EXPORT_FILE_NAME } from "./station-list.config";
import { exportStations } from "./station-list.actors";

/** Downloads the whole registry as CSV in the import template's columns; a second click waits for the first. */
export function StationExportButton() {
  const api = useApi();
  const { t } = useLingui();
  const exporting = useMutation<null, Blob>({
    abortable: true,
    run: (_, { signal }) => exportStations(api, signal),
    onSucceeded: (_, file) => saveFile(file, STATIONS_EXPORT_FILE_NAME),
    onFailed: () =>
      announceFailure(t({ message: "Could not export the polling stations. Try again later." }), {
        onRetry: () => exporting.send({ type: "mutation.retry" }),
      }),
  });
  const busy = useSelector(exporting, selectIsBusy);

  return (
    <Button variant="default" loading={busy} onClick={() => exporting.send({ type: "mutation.start", request: null })}>
      <Trans id="EXPORT" comment="Button: download the list as a file">Export</Trans>
    </Button>
  );
}
