import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { useApi } from "../../../api/api-context";
import { isRetryable } from "../../../shared/machines/mutation.machine";
import { selectProgress } from "../../../shared/machines/mutation.selectors";
import { saveFile } from "../../../shared/save-file";
import { MutationConfirmDialog } from "../../../shared/ui/MutationConfirmDialog";
import { announceFailure } from "../../../shared/ui/toasts";
import { useMutation } from "../../../shared/ui/use-mutation";
import { archiveFileName, downloadRoundArchive, type ElectionRound } from "../rounds.actors";

/**
 * Download a round's archive: asks first (it holds every answer and photo, and can be large), then streams the zip
 * with the megabytes received so far; Cancel abandons it (nothing changes on the server).
 */
export function useRoundArchiveDownload() {
  const api = useApi();
  const { t, i18n } = useLingui();
  const mutation = useMutation<ElectionRound, Blob>({
    confirm: true,
    abortable: true,
    run: (round, tools) => downloadRoundArchive(api, round.id, tools),
    onSucceeded: (round, file) => saveFile(file, archiveFileName(round)),
    onFailed: (round, error) => {
      const name = round.name;
      announceFailure(t({ message: `Could not download the archive of ${name}. Try again later.` }), {
        onRetry: isRetryable(error) ? () => mutation.send({ type: "mutation.retry" }) : undefined,
      });
    },
  });
  const progress = useSelector(mutation, selectProgress);
  // "12.4 MB received": how much of the archive has arrived, in the user's number format.
  const size = progress ? i18n.number(progress.done / 1_000_000, { maximumFractionDigits: 1, minimumFractionDigits: 1 }) : "";
  const name = useSelector(mutation, (snapshot) => (snapshot.context.request as ElectionRound | null)?.name ?? "");

  return {
    ask: (round: ElectionRound) => mutation.send({ type: "mutation.start", request: round }),
    dialog: (
      <MutationConfirmDialog
        mutation={mutation}
        title={<Trans comment="Dialog title">Download the round's archive</Trans>}
        message={
          <Trans>
            Download the archive of {name}? One zip with its answers and notes (XLSX), photos, forms (JSON), polling
            stations (CSV) and activity log (CSV). It may take a while for a large round.
          </Trans>
        }
        confirmLabel={<Trans comment="Button: confirm the download">Download</Trans>}
        progress={
          progress ? (
            <Trans comment="Progress of a round's archive download: megabytes received so far">Downloading: {size} MB received</Trans>
          ) : (
            <Trans>Preparing the file…</Trans>
          )
        }
      />
    ),
  };
}
