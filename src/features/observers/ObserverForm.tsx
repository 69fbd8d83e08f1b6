import type { FormEvent } from "react";
import { Alert, Button, Group, PasswordInput, Stack, TextInput } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import type { PageError, PageMode } from "../../shared/machines/page-mode.machine";
import type { ObserverField, ObserverFormValues } from "./observer-profile.form";
import { useObserverFormState } from "./observer-profile.form-state";
import { fieldProblemMessage } from "./observer-profile.messages";
import type { Observer } from "./observers.actors";

interface ObserverFormProps {
  mode: PageMode;
  /** The loaded record; null when creating. */
  record: Observer | null;
  saving: boolean;
  /** A save or a delete is pending. */
  busy: boolean;
  error: PageError | null;
  onSubmit: (values: ObserverFormValues) => void;
  onCancel: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onResetPin: () => void;
}

/** The observer's name, phone and PIN, with the page's Save / Cancel / Edit / Delete actions. */
export function ObserverForm({ mode, record, saving, busy, error, onSubmit, onCancel, onEdit, onDelete, onResetPin }: ObserverFormProps) {
  const { t } = useLingui();
  const viewing = mode === "viewing";
  const form = useObserverFormState(mode === "creating" ? null : record, !viewing);
  const invalid = Object.keys(form.problems).length > 0;

  function problemOf(field: ObserverField) {
    const serverCode = form.isAsSubmitted(field) ? error?.fieldErrors[field]?.[0] : undefined;
    if (serverCode) return t(fieldProblemMessage(serverCode));
    const problem = form.problems[field];
    return problem && form.isTouched(field) ? t(fieldProblemMessage(problem)) : null;
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!invalid && !busy) onSubmit(form.submitted());
  }

  const fieldProps = (field: ObserverField) => ({
    value: form.values[field],
    onChange: (event: { currentTarget: { value: string } }) => form.change(field, event.currentTarget.value),
    onBlur: () => form.touch(field),
    error: problemOf(field),
    disabled: viewing || busy,
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={480}>
        {form.restored ? (
          <Alert color="yellow" title={<Trans>Restored your unsaved changes</Trans>}>
            <Button variant="subtle" size="compact-sm" onClick={form.discardDraft} disabled={busy}>
              <Trans comment="Button: throw away the restored unsaved changes">Discard</Trans>
            </Button>
          </Alert>
        ) : null}
        <TextInput label={t({ id: "NAME", message: "Name" })} required autoComplete="off" data-autofocus autoFocus={!viewing} {...fieldProps("name")} />
        <TextInput label={t({ id: "PHONE", message: "Phone" })} required type="tel" autoComplete="off" {...fieldProps("phone")} />
        <PasswordInput
          label={t({ id: "PASSWORD", message: "Password" })}
          required={mode === "creating"}
          inputMode="numeric"
          autoComplete="new-password"
          description={
            mode === "creating"
              ? t`4 to 6 digits; the observer signs in with it.`
              : t`4 to 6 digits. Leave empty to keep the current password.`
          }
          visibilityToggleButtonProps={{
            "aria-label": t({ message: "Show or hide the password", comment: "Accessible label of the eye icon" }),
          }}
          {...fieldProps("pin")}
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
            <>
              <Button variant="default" onClick={onResetPin} disabled={busy}>
                <Trans id="RESET_PASSWORD">Reset password</Trans>
              </Button>
              <Button color="red" variant="outline" onClick={onDelete} disabled={busy}>
                <Trans id="DELETE">Delete</Trans>
              </Button>
            </>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}
