import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { useApi } from "../../../api/api-context";
import { isRetryable } from "../../../shared/machines/mutation.machine";
import { selectIsBusy } from "../../../shared/machines/mutation.selectors";
import { MutationConfirmDialog } from "../../../shared/ui/MutationConfirmDialog";
import { announceFailure, announceSuccess } from "../../../shared/ui/toasts";
import { useMutation } from "../../../shared/ui/use-mutation";
import { changeRoundStatus, type ElectionRound, type RoundStatusChange } from "../rounds.actors";

interface StatusRequest {
  round: ElectionRound;
  change: RoundStatusChange;
}

/**
 * Start, archive or reopen a round, each confirmed first with what it changes for whom; one change at a time. The
 * dialog keeps its text while it fades out (the mutation keeps its request).
 */
export function useRoundStatusChange(onChanged: () => void) {
  const api = useApi();
  const { t } = useLingui();
  const mutation = useMutation<StatusRequest, ElectionRound>({
    confirm: true,
    run: ({ round, change }, { signal }) => changeRoundStatus(api, round.id, change, signal),
    onSucceeded: ({ change }, round) => {
      const name = round.name;
      announceSuccess(
        change === "start"
          ? t({ message: `${name} has started: observers can report into it.` })
          : change === "archive"
            ? t({ message: `${name} is archived: it is read-only for everyone.` })
            : t({ message: `${name} is active again.` }),
      );
      onChanged();
    },
    onFailed: ({ round }, error) => {
      const name = round.name;
      announceFailure(t({ message: `Could not change the status of ${name}. Try again later.` }), {
        onRetry: isRetryable(error) ? () => mutation.send({ type: "mutation.retry" }) : undefined,
      });
      onChanged();
    },
  });
  const busy = useSelector(mutation, selectIsBusy);
  const request = useSelector(mutation, (snapshot) => snapshot.context.request as StatusRequest | null);
  const name = request?.round.name ?? "";

  const texts =
    request?.change === "start"
      ? {
          title: <Trans comment="Dialog title">Start this round?</Trans>,
          message: (
            <Trans>
              Start {name}? The observers of the NGOs taking part will see it on their phones and can report into it.
            </Trans>
          ),
          confirmLabel: <Trans comment="Button: confirm starting the round">Start</Trans>,
        }
      : request?.change === "reopen"
        ? {
            title: <Trans comment="Dialog title">Reopen this round?</Trans>,
            message: (
              <Trans>
                Reopen {name}? It becomes active again: observers can report into it, and staff can triage, claim,
                comment and change its forms and polling stations. The reopening is recorded in the activity log.
              </Trans>
            ),
            confirmLabel: <Trans comment="Button: confirm reopening the round">Reopen</Trans>,
          }
        : {
            title: <Trans comment="Dialog title">Archive this round?</Trans>,
            message: (
              <Trans>
                Archive {name}? It becomes read-only for everyone: observers can no longer send answers or notes into
                it, staff can no longer triage, claim or comment, and its forms, polling stations and assignments can
                no longer change. Claims still open are ended. Everything stays readable and downloadable, and an
                organizer can reopen it.
              </Trans>
            ),
            confirmLabel: <Trans comment="Button: confirm archiving the round">Archive</Trans>,
          };

  return {
    ask: (round: ElectionRound, change: RoundStatusChange) => mutation.send({ type: "mutation.start", request: { round, change } }),
    changingId: busy ? (request?.round.id ?? null) : null,
    dialog: <MutationConfirmDialog mutation={mutation} {...texts} />,
  };
}
