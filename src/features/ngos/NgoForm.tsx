import { useState, type FormEvent } from "react";
import { Button, Checkbox, Group, Stack, TextInput } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import type { PageMode } from "../../shared/machines/page-mode.machine";
import type { Ngo } from "./ngos.actors";
import { EMPTY_NGO_FORM, isNgoFormValid, ngoFormValues, normalizeNgoForm, type NgoFormValues } from "./ngo-profile.form";

interface NgoFormProps {
  mode: PageMode;
  /** The loaded record; null when creating. */
  record: Ngo | null;
  saving: boolean;
  /** A save or a delete is pending. */
  busy: boolean;
  onSubmit: (values: NgoFormValues) => void;
  onCancel: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** The NGO's name, short name and flags, with the page's Save / Cancel / Edit / Delete actions. */
export function NgoForm({ mode, record, saving, busy, onSubmit, onCancel, onEdit, onDelete }: NgoFormProps) {
  const { t } = useLingui();
  const viewing = mode === "viewing";
  const base = mode === "creating" || !record ? EMPTY_NGO_FORM : ngoFormValues(record);
  const [values, setValues] = useState(base);
  // A new record (after a save) resets the form to what the server kept.
  const [shownRecord, setShownRecord] = useState(record);
  if (record !== shownRecord) {
    setShownRecord(record);
    setValues(base);
  }
  const invalid = !isNgoFormValid(values);
  const disabled = viewing || busy;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!invalid && !busy && !viewing) onSubmit(normalizeNgoForm(values));
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={480}>
        <TextInput
          label={t({ id: "NAME", message: "Name" })}
          required
          autoComplete="off"
          data-autofocus
          autoFocus={!viewing}
          value={values.name}
          onChange={(event) => setValues({ ...values, name: event.currentTarget.value })}
          disabled={disabled}
        />
        <TextInput
          label={t({ message: "Short name", comment: "Column: the NGO's short name or acronym" })}
          required
          autoComplete="off"
          value={values.shortName}
          onChange={(event) => setValues({ ...values, shortName: event.currentTarget.value })}
          disabled={disabled}
        />
        <Checkbox
          label={t({ message: "Organizer", comment: "Column: whether the NGO organizes the observation" })}
          checked={values.organizer}
          onChange={(event) => setValues({ ...values, organizer: event.currentTarget.checked })}
          disabled={disabled}
        />
        <Checkbox
          label={t({ message: "Active", comment: "Column: whether the NGO is active (its people can sign in)" })}
          checked={values.isActive}
          onChange={(event) => setValues({ ...values, isActive: event.currentTarget.checked })}
          disabled={disabled}
        />
        <Group>
          {viewing ? (
            <Button onClick={onEdit}>
              <Trans id="EDIT">Edit</Trans>
            </Button>
          ) : (
            <Button type="submit" loading={saving} disabled={invalid || (busy && !saving)}>
              <Trans id="SAVE">Save</Trans>
            </Button>
          )}
          <Button variant="default" onClick={onCancel} disabled={busy}>
            <Trans id="CANCEL">Cancel</Trans>
          </Button>
          {mode === "editing" ? (
            <Button color="red" variant="outline" onClick={onDelete} disabled={busy}>
              <Trans id="DELETE">Delete</Trans>
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}
