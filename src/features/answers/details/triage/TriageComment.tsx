import { useEffect, useRef } from "react";
import { Alert, Button, Group, Stack, Textarea } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { TriagePanelActor } from "./thread-triage.machine";
import * as select from "./triage.selectors";
import { TriageErrorText } from "./TriageErrorText";

/** A staff comment: the draft lives in the machine, so a refresh of the thread never loses it. */
export function TriageComment({ actor }: { actor: TriagePanelActor }) {
  const { t } = useLingui();
  const draft = useSelector(actor, select.selectCommentDraft);
  const sending = useSelector(actor, select.selectIsSendingComment);
  const error = useSelector(actor, select.selectCommentError);
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    const subscription = actor.on("comment.focusRequested", () => field.current?.focus());
    return () => subscription.unsubscribe();
  }, [actor]);
  // A fresh key each time; the machine keeps the draft's first one, so only a new draft gets a new key.
  const send = () => actor.send({ type: "comment.send", key: crypto.randomUUID() });
  return (
    <Stack gap="xs">
      <Textarea
        ref={field}
        label={t`Comment for the staff`}
        description={t`Observers never see comments. Ctrl+Enter adds it.`}
        value={draft}
        maxLength={2000}
        autosize
        minRows={2}
        readOnly={sending}
        onChange={(event) => actor.send({ type: "comment.edit", text: event.currentTarget.value })}
        onKeyDown={(event) => {
          if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            send();
          }
        }}
      />
      {error ? (
        <Alert color="red" role="alert" title={<Trans>The comment was not added</Trans>}>
          <TriageErrorText error={error} /> <Trans>Your text is kept.</Trans>
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button size="xs" loading={sending} disabled={draft.trim() === ""} onClick={send}>
          <Trans>Add comment</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
