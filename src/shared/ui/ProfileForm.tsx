import type { FormEvent, ReactNode } from "react";
import { Alert, Button, Group, Stack } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import type { pageModeMachine } from "../machines/page-mode.machine";
import * as pageMode from "../machines/page-mode.selectors";

interface ProfileFormProps {
  actor: ActorRefFrom<typeof pageModeMachine>;
  onEdit: () => void;
  /** The record's fields. */
  children: ReactNode;
  /** More actions of an existing record while it is edited (before Delete), such as Reset password. */
  editActions?: ReactNode;
  /** A record that is never deleted (a polling station is retired instead) offers no Delete. */
  deletable?: boolean;
}

/**
 * The frame every profile page shares: the restored-draft notice, the fields, and Save (or Edit while viewing),
 * Cancel, Discard changes and Delete, each enabled by the page machine's state.
 */
export function ProfileForm({ actor, onEdit, children, editActions, deletable = true }: ProfileFormProps) {
  const mode = useSelector(actor, pageMode.selectMode);
  const busy = useSelector(actor, pageMode.selectIsBusy);
  const saving = useSelector(actor, pageMode.selectIsSaving);
  const dirty = useSelector(actor, pageMode.selectIsDirty);
  const restored = useSelector(actor, pageMode.selectIsRestored);
  const canSubmit = useSelector(actor, pageMode.selectCanSubmit);
  const viewing = mode === "viewing";
  const discard = () => actor.send({ type: "draft.discard" });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    actor.send({ type: "form.submit" });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={480}>
        {restored && !viewing ? (
          <Alert color="yellow" title={<Trans>Restored your unsaved changes</Trans>}>
            <Button variant="subtle" size="compact-sm" onClick={discard} disabled={busy}>
              <Trans comment="Button: throw away the restored unsaved changes">Discard</Trans>
            </Button>
          </Alert>
        ) : null}
        {children}
        <Group>
          {viewing ? (
            <Button onClick={onEdit}>
              <Trans id="EDIT">Edit</Trans>
            </Button>
          ) : (
            <Button type="submit" loading={saving} disabled={!canSubmit && !saving}>
              <Trans id="SAVE">Save</Trans>
            </Button>
          )}
          <Button variant="default" onClick={() => actor.send({ type: "form.cancel" })} disabled={busy}>
            <Trans id="CANCEL">Cancel</Trans>
          </Button>
          {dirty && !viewing ? (
            <Button variant="subtle" onClick={discard} disabled={busy}>
              <Trans comment="Button: undo every unsaved change and stay on the page">Discard changes</Trans>
            </Button>
          ) : null}
          {mode === "editing" ? (
            <>
              {editActions}
              {deletable ? (
                <Button color="red" variant="outline" onClick={() => actor.send({ type: "record.delete" })} disabled={busy}>
                  <Trans id="DELETE">Delete</Trans>
                </Button>
              ) : null}
            </>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}
