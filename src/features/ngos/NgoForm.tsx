import type { FormEvent } from "react";
import { Alert, Button, Checkbox, Group, Stack, TextInput } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import type { pageModeMachine } from "../../shared/machines/page-mode.machine";
import * as pageMode from "../../shared/machines/page-mode.selectors";
import type { NgoField } from "./ngo-profile.form";
import { selectNgoDraft, selectNgoProblems } from "./ngo-profile.selectors";
import { ngoFieldProblemMessage } from "./ngos.messages";

interface NgoFormProps {
  actor: ActorRefFrom<typeof pageModeMachine>;
  onEdit: () => void;
}

/** The NGO's name, short name and flags, with the page's Save / Cancel / Edit / Delete actions; the draft lives in the page's machine. */
export function NgoForm({ actor, onEdit }: NgoFormProps) {
  const { t } = useLingui();
  const mode = useSelector(actor, pageMode.selectMode);
  const draft = useSelector(actor, selectNgoDraft);
  const problems = useSelector(actor, selectNgoProblems);
  const touched = useSelector(actor, pageMode.selectTouched);
  const busy = useSelector(actor, pageMode.selectIsBusy);
  const saving = useSelector(actor, pageMode.selectIsSaving);
  const dirty = useSelector(actor, pageMode.selectIsDirty);
  const canSubmit = useSelector(actor, pageMode.selectCanSubmit);
  const restored = useSelector(actor, pageMode.selectIsRestored);
  const viewing = mode === "viewing";
  const disabled = viewing || busy;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    actor.send({ type: "form.submit" });
  }

  const change = (field: NgoField, value: string | boolean) => actor.send({ type: "field.change", field, value });
  const textProps = (field: "name" | "shortName") => ({
    value: draft[field],
    onChange: (event: { currentTarget: { value: string } }) => change(field, event.currentTarget.value),
    onBlur: () => actor.send({ type: "field.blur", field }),
    error: problems[field] && touched.includes(field) ? t(ngoFieldProblemMessage(problems[field])) : null,
    required: true,
    autoComplete: "off",
    disabled,
  });
  const flagProps = (field: "organizer" | "isActive") => ({
    checked: draft[field],
    onChange: (event: { currentTarget: { checked: boolean } }) => change(field, event.currentTarget.checked),
    disabled,
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={480}>
        {restored && !viewing ? (
          <Alert color="yellow" title={<Trans>Restored your unsaved changes</Trans>}>
            <Button variant="subtle" size="compact-sm" onClick={() => actor.send({ type: "draft.discard" })} disabled={busy}>
              <Trans comment="Button: throw away the restored unsaved changes">Discard</Trans>
            </Button>
          </Alert>
        ) : null}
        <TextInput label={t({ id: "NAME", message: "Name" })} data-autofocus autoFocus={!viewing} {...textProps("name")} />
        <TextInput label={t({ message: "Short name", comment: "Column: the NGO's short name or acronym" })} {...textProps("shortName")} />
        <Checkbox label={t({ message: "Organizer", comment: "Column: whether the NGO organizes the observation" })} {...flagProps("organizer")} />
        <Checkbox label={t({ message: "Active", comment: "Column: whether the NGO is active (its people can sign in)" })} {...flagProps("isActive")} />
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
            <Button variant="subtle" onClick={() => actor.send({ type: "draft.discard" })} disabled={busy}>
              <Trans comment="Button: undo every unsaved change and stay on the page">Discard changes</Trans>
            </Button>
          ) : null}
          {mode === "editing" ? (
            <Button color="red" variant="outline" onClick={() => actor.send({ type: "record.delete" })} disabled={busy}>
              <Trans id="DELETE">Delete</Trans>
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}
