import { Divider, Paper, Stack, Title } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { ListLoadError } from "../../../../shared/ui/ListLoadError";
import { ListLoading } from "../../../../shared/ui/ListLoading";
import type { TriagePanelActor } from "./thread-triage.machine";
import * as select from "./triage.selectors";
import { TriageClaim } from "./TriageClaim";
import { TriageComment } from "./TriageComment";
import { TriageLoadErrorText } from "./TriageErrorText";
import { TriageReviewState } from "./TriageReviewState";
import { TriageTimeline } from "./TriageTimeline";

/** The triage of the open thread: review state, holder, comment box and timeline (the answers room runs its actor). */
export function ThreadTriagePanel({ actor }: { actor: TriagePanelActor }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="thread-triage-title">
      <Stack gap="sm">
        <Title order={3} size="h4" id="thread-triage-title">
          <Trans>Triage</Trans>
        </Title>
        <TriageBody actor={actor} />
      </Stack>
    </Paper>
  );
}

function TriageBody({ actor }: { actor: TriagePanelActor }) {
  const loading = useSelector(actor, select.selectIsLoading);
  const error = useSelector(actor, select.selectLoadError);
  const claimActor = useSelector(actor, select.selectClaimActor);
  if (loading || !claimActor) return <ListLoading />;
  if (error) return <ListLoadError reason={<TriageLoadErrorText error={error} />} onRetry={() => actor.send({ type: "triage.retry" })} />;
  return (
    <>
      <TriageClaim actor={actor} claimActor={claimActor} />
      <TriageReviewState actor={actor} />
      <Divider />
      <TriageTimeline actor={actor} />
      <TriageComment actor={actor} />
    </>
  );
}
