import { Alert, Button, Group, Text } from "@mantine/core";
import { Plural, Trans } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { minutesSince } from "../../../../shared/server-clock";
import { useServerNow } from "../../../../shared/use-server-now";
import { ConfirmDialog } from "../../../../shared/ui/ConfirmDialog";
import * as claimSelect from "./claim.selectors";
import type { ThreadClaimActor } from "./thread-claim.machine";
import type { TriagePanelActor } from "./thread-triage.machine";
import * as select from "./triage.selectors";
import { TriageErrorText } from "./TriageErrorText";
import type { ThreadClaim } from "./triage.types";

/** "Ana · 3 min": who holds the thread and for how long, on the server's clock. */
function Holder({ claim, offsetMs }: { claim: ThreadClaim; offsetMs: number }) {
  const minutes = minutesSince(claim.since, useServerNow(offsetMs));
  const holder = claim.holder;
  const age = <Plural value={minutes} one="# min" other="# min" />;
  return claim.mine ? (
    <Text fw={600}>
      <Trans>You hold this thread · {age}</Trans>
    </Text>
  ) : (
    <Text fw={600}>
      <Trans>
        Held by {holder} · {age}
      </Trans>
    </Text>
  );
}

/**
 * Who holds the thread, with Claim, Release and Take over as the claim allows: read from the claim child, sent to the
 * panel (which passes them on, as it does the keyboard triage's c).
 */
export function TriageClaim({ actor, claimActor }: { actor: TriagePanelActor; claimActor: ThreadClaimActor }) {
  const view = useSelector(claimActor, claimSelect.selectClaimView);
  const claim = useSelector(claimActor, claimSelect.selectClaim);
  const error = useSelector(claimActor, claimSelect.selectClaimError);
  const offsetMs = useSelector(actor, select.selectClockOffset);
  const urgent = useSelector(actor, select.selectIsUrgent);
  const holder = claim?.holder ?? "";
  const claimButton = (
    <Button
      variant={urgent ? "filled" : "light"}
      size={urgent ? "md" : "sm"}
      loading={view === "claiming"}
      onClick={() => actor.send({ type: "triage.claim" })}
    >
      <Trans>Claim</Trans>
    </Button>
  );
  return (
    <div>
      {view === "lost" ? (
        <Alert color="orange" role="alert" mb="xs" title={<Trans>You no longer hold this thread</Trans>}>
          {claim ? <Trans>{holder} holds it now.</Trans> : <Trans>Your claim lapsed; nobody holds it now.</Trans>}
        </Alert>
      ) : null}
      <Group gap="sm">
        {claim && view !== "lost" && view !== "none" && view !== "claiming" ? <Holder claim={claim} offsetMs={offsetMs} /> : null}
        {view === "none" || view === "claiming" ? (
          <Text c="dimmed">
            <Trans>Nobody holds this thread.</Trans>
          </Text>
        ) : null}
        {view === "none" || view === "claiming" || (view === "lost" && !claim) ? claimButton : null}
        {view === "held" || view === "releasing" ? (
          <Button variant="default" loading={view === "releasing"} onClick={() => actor.send({ type: "triage.release" })}>
            <Trans>Release</Trans>
          </Button>
        ) : null}
        {view === "heldByOther" || view === "confirmingTakeOver" || (view === "lost" && claim) ? (
          <Button variant="light" color="orange" onClick={() => actor.send({ type: "triage.takeOver" })}>
            <Trans>Take over</Trans>
          </Button>
        ) : null}
      </Group>
      {error ? (
        <Text c="red" size="sm" role="alert" mt="xs">
          <TriageErrorText error={error} />
        </Text>
      ) : null}
      <ConfirmDialog
        opened={view === "confirmingTakeOver"}
        title={<Trans>Take over this thread?</Trans>}
        message={<Trans>{holder} holds this thread. The timeline will show that you took it over.</Trans>}
        confirmLabel={<Trans>Take over</Trans>}
        onConfirm={() => actor.send({ type: "takeOver.confirm" })}
        onCancel={() => actor.send({ type: "takeOver.cancel" })}
      />
    </div>
  );
}
