import { useLayoutEffect } from "react";
import { Divider, Paper, Stack, Title } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { useApi } from "../../../../api/api-context";
import { usePageActor } from "../../../../shared/use-page-actor";
import { ListLoadError } from "../../../../shared/ui/ListLoadError";
import { ListLoading } from "../../../../shared/ui/ListLoading";
import { threadTriageMachine } from "./thread-triage.machine";
import { triagePanelStore, type TriagePanelActor } from "./triage-panel.registry";
import { createTriageActions, createTriageActors } from "./triage.actors";
import * as select from "./triage.selectors";
import type { Thread } from "./triage.types";
import { TriageClaim } from "./TriageClaim";
import { TriageComment } from "./TriageComment";
import { TriageLoadErrorText } from "./TriageErrorText";
import { TriageReviewState } from "./TriageReviewState";
import { TriageTimeline } from "./TriageTimeline";

/**
 * The triage of one thread: review state, holder, comment box and timeline. Mount it with a key per thread: another
 * thread is another panel, and the unmount releases the claim this one holds.
 */
export function ThreadTriagePanel({ thread }: { thread: Thread }) {
  const api = useApi();
  const actor = usePageActor(threadTriageMachine, { actors: createTriageActors(api), actions: createTriageActions(api) }, { input: thread });
  // A layout effect's cleanup runs before the actor is stopped (a passive effect in useActorRef), so it is still listening.
  useLayoutEffect(() => {
    triagePanelStore.trigger.opened({ thread, actor });
    return () => {
      actor.send({ type: "panel.close" });
      triagePanelStore.trigger.closed({ actor });
    };
    // The panel is keyed by thread: `thread` never changes for one actor.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actor]);

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
  if (loading) return <ListLoading />;
  if (error) return <ListLoadError reason={<TriageLoadErrorText error={error} />} onRetry={() => actor.send({ type: "triage.retry" })} />;
  return (
    <>
      <TriageClaim actor={actor} />
      <TriageReviewState actor={actor} />
      <Divider />
      <TriageTimeline actor={actor} />
      <TriageComment actor={actor} />
    </>
  );
}
