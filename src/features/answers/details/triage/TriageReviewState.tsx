import { Button, Group, SegmentedControl, Stack, Text, Textarea } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { TriagePanelActor } from "./thread-triage.machine";
import { reviewStateLabels } from "./triage.labels";
import * as select from "./triage.selectors";
import { reviewStates, type ReviewState } from "./triage.types";
import { TriageErrorText } from "./TriageErrorText";

/** The resolution note asked when Resolved is chosen in the panel. */
function ResolutionNote({ actor }: { actor: TriagePanelActor }) {
  const { t } = useLingui();
  const note = useSelector(actor, select.selectResolutionDraft);
  return (
    <Stack gap="xs">
      <Textarea
        label={t`Resolution note`}
        description={t`Optional: what was done about the report.`}
        value={note}
        maxLength={2000}
        autosize
        minRows={2}
        data-autofocus
        onChange={(event) => actor.send({ type: "resolution.edit", note: event.currentTarget.value })}
      />
      <Group gap="xs">
        <Button size="xs" onClick={() => actor.send({ type: "triage.setState", state: "resolved", note })}>
          <Trans>Resolve</Trans>
        </Button>
        <Button size="xs" variant="default" onClick={() => actor.send({ type: "resolution.cancel" })}>
          <Trans id="CANCEL">Cancel</Trans>
        </Button>
      </Group>
    </Stack>
  );
}

/** New / In progress / Resolved, with the resolution note and an undo of the panel's last change. */
export function TriageReviewState({ actor }: { actor: TriagePanelActor }) {
  const { t, i18n } = useLingui();
  const shown = useSelector(actor, select.selectShownState);
  const saving = useSelector(actor, select.selectIsSavingState);
  const resolving = useSelector(actor, select.selectIsResolving);
  const error = useSelector(actor, select.selectStateError);
  const canUndo = useSelector(actor, select.selectCanUndo);
  const undoTo = useSelector(actor, select.selectUndoTo);
  const choose = (state: ReviewState) =>
    actor.send(state === "resolved" ? { type: "resolution.start" } : { type: "triage.setState", state });
  const undoLabel = undoTo ? i18n._(reviewStateLabels[undoTo]) : "";
  return (
    <Stack gap="xs">
      <Group gap="sm">
        <SegmentedControl
          aria-label={t`Review state`}
          value={resolving ? "resolved" : shown}
          disabled={saving}
          onChange={(value) => choose(value)}
          data={reviewStates.map((state) => ({ value: state, label: i18n._(reviewStateLabels[state]) }))}
        />
        {canUndo ? (
          <Button size="xs" variant="subtle" onClick={() => actor.send({ type: "triage.undo" })}>
            <Trans>Undo (back to {undoLabel})</Trans>
          </Button>
        ) : null}
      </Group>
      {resolving ? <ResolutionNote actor={actor} /> : null}
      {error ? (
        <Text c="red" size="sm" role="alert">
          <TriageErrorText error={error} />
        </Text>
      ) : null}
    </Stack>
  );
}
