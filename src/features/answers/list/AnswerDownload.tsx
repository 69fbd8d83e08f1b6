import { Button } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { useApi } from "../../../api/api-context";
import { isRetryable, type MutationProgress } from "../../../shared/machines/mutation.machine";
import { selectIsBusy, selectProgress } from "../../../shared/machines/mutation.selectors";
import { MutationConfirmDialog } from "../../../shared/ui/MutationConfirmDialog";
import { announceFailure } from "../../../shared/ui/toasts";
import { saveFile } from "../../../shared/save-file";
import { useMutation } from "../../../shared/ui/use-mutation";
import { exportAnswers, type AnswerFilterRequest } from "./answer-list.actors";
import { ANSWERS_EXPORT_FILE_NAME } from "./answer-list.config";

/** "1.2 MB received": how much of the workbook has arrived, in the user's number format. */
function DownloadProgress({ done }: MutationProgress) {
  const { i18n } = useLingui();
  const size = i18n.number(done / 1_000_000, { maximumFractionDigits: 1, minimumFractionDigits: 1 });
  return <Trans comment="Progress of the answers download: megabytes received so far">Downloading: {size} MB received</Trans>;
}

/**
 * Download answers: asks first (the workbook can be large), then streams the XLSX of exactly the threads the page
 * lists with the same filters, urgent included, and hands it to the browser. A failure is announced, with a retry
 * when the network or the server failed.
 */
export function AnswerDownload({ request }: { request: AnswerFilterRequest }) {
  const api = useApi();
  const { t } = useLingui();
  const download = useMutation<AnswerFilterRequest, Blob>({
    confirm: true,
    abortable: true,
    run: (filters, tools) => exportAnswers(api, filters, tools),
    onSucceeded: (_, file) => saveFile(file, ANSWERS_EXPORT_FILE_NAME),
    onFailed: (_, error) =>
      announceFailure(t({ message: "Could not download the answers. Try again later." }), {
        onRetry: isRetryable(error) ? () => download.send({ type: "mutation.retry" }) : undefined,
      }),
  });
  const busy = useSelector(download, selectIsBusy);
  const progress = useSelector(download, selectProgress);
  const label = <Trans comment="Button: download the listed answers as a spreadsheet">Download answers</Trans>;

  return (
    <>
      <Button variant="default" loading={busy} onClick={() => download.send({ type: "mutation.start", request })}>
        {label}
      </Button>
      <MutationConfirmDialog
        mutation={download}
        title={label}
        message={
          <Trans id="ANSWERS_DOWNLOAD_CONFIRMATION">
            Download the answers that match the filters shown as a spreadsheet? It may take a while for many answers.
          </Trans>
        }
        confirmLabel={<Trans comment="Button: confirm the download">Download</Trans>}
        progress={progress ? <DownloadProgress {...progress} /> : <Trans>Preparing the file…</Trans>}
      />
    </>
  );
}
