import { useState, type FormEvent } from "react";
import { PasswordInput, Stack, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ApiClient } from "../../api/client";
import { useSelector } from "@xstate/react";
import { selectIsBusy } from "../../shared/machines/mutation.selectors";
import { announceFailure, announceSuccess } from "../../shared/ui/toasts";
import { useMutation } from "../../shared/ui/use-mutation";
import { resetNgoAdminPassword, type NgoAdmin } from "./ngos.actors";
import { isAdminPasswordValid } from "./ngo-admin.form";
import { ngoErrorMessage } from "./ngos.messages";
import { FormDialogButtons } from "../../shared/ui/FormDialogButtons";

interface NgoAdminPasswordProps {
  admin: NgoAdmin;
  api: ApiClient;
  onClose: () => void;
}

/** The reset-password modal's content: a new password of 8 or more characters, then Confirm. */
export function NgoAdminPassword({ admin, api, onClose }: NgoAdminPasswordProps) {
  const { t, i18n } = useLingui();
  const [password, setPassword] = useState("");
  const [touched, setTouched] = useState(false);
  const valid = isAdminPasswordValid(password);
  const reset = useMutation<{ ngoId: number; adminId: number; password: string }, unknown>({
    run: (request, { signal }) => resetNgoAdminPassword(api, request, signal),
    onSucceeded: () => {
      announceSuccess(<Trans>The password has been changed</Trans>);
      onClose();
    },
    onFailed: (_, error) => announceFailure(i18n._(ngoErrorMessage(error))),
  });
  const resetting = useSelector(reset, selectIsBusy);

  function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (valid) reset.send({ type: "mutation.start", request: { ngoId: admin.ngoId, adminId: admin.id, password } });
  }

  const account = admin.account;
  return (
    <form onSubmit={confirm} noValidate>
      <Stack>
        <Text size="sm">
          <Trans comment="{account} is the admin's sign-in name">Account: {account}</Trans>
        </Text>
        <PasswordInput
          label={t({ id: "ENTER_NEW_PASSWORD", message: "Enter new password" })}
          description={t`At least 8 characters`}
          required
          autoComplete="new-password"
          data-autofocus
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          onBlur={() => setTouched(true)}
          error={touched && !valid ? t`Enter at least 8 characters` : null}
          disabled={resetting}
          visibilityToggleButtonProps={{
            "aria-label": t({ message: "Show or hide the password", comment: "Accessible label of the eye icon" }),
          }}
        />
        <FormDialogButtons mutation={reset} canConfirm={valid} onCancel={onClose} />
      </Stack>
    </form>
  );
}
