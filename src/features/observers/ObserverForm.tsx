import { Button, PasswordInput, TextInput } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import type { pageModeMachine } from "../../shared/machines/page-mode.machine";
import * as pageMode from "../../shared/machines/page-mode.selectors";
import type { ObserverField } from "./observer-profile.form";
import { fieldProblemMessage } from "./observer-profile.messages";
import { selectObserverDraft, selectObserverProblems } from "./observer-profile.selectors";
import { ProfileForm } from "../../shared/ui/ProfileForm";

interface ObserverFormProps {
  actor: ActorRefFrom<typeof pageModeMachine>;
  onEdit: () => void;
  onResetPin: () => void;
}

/** The observer's name, phone and PIN, with the page's Save / Cancel / Edit / Delete actions; the draft lives in the page's machine. */
export function ObserverForm({ actor, onEdit, onResetPin }: ObserverFormProps) {
  const { t } = useLingui();
  const mode = useSelector(actor, pageMode.selectMode);
  const draft = useSelector(actor, selectObserverDraft);
  const problems = useSelector(actor, selectObserverProblems);
  const touched = useSelector(actor, pageMode.selectTouched);
  const error = useSelector(actor, pageMode.selectError);
  const busy = useSelector(actor, pageMode.selectIsBusy);
  const viewing = mode === "viewing";

  function problemOf(field: ObserverField) {
    const serverCode = error?.fieldErrors[field]?.[0];
    if (serverCode) return t(fieldProblemMessage(serverCode));
    const problem = problems[field];
    return problem && touched.includes(field) ? t(fieldProblemMessage(problem)) : null;
  }

  const fieldProps = (field: ObserverField) => ({
    value: draft[field],
    onChange: (event: { currentTarget: { value: string } }) =>
      actor.send({ type: "field.change", field, value: event.currentTarget.value }),
    onBlur: () => actor.send({ type: "field.blur", field }),
    error: problemOf(field),
    disabled: viewing || busy,
  });

  return (
    <ProfileForm
      actor={actor}
      onEdit={onEdit}
      editActions={
        <Button variant="default" onClick={onResetPin} disabled={busy}>
          <Trans id="RESET_PASSWORD">Reset password</Trans>
        </Button>
      }
    >
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
    </ProfileForm>
  );
}
