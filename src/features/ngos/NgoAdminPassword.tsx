import { useState, type FormEvent } from "react";
import { PasswordInput, Stack, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ApiClient } from "../../api/client";
import { resetNgoAdminPassword, type NgoAdmin } from "./ngos.actors";
import { isAdminPasswordValid } from "./ngo-admin.form";
import { announceNgoFailure, announceNgoSuccess } from "./ngo-toasts";
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
  const [resetting, setResetting] = useState(false);
  const valid = isAdminPasswordValid(password);

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!valid || resetting) return;
    setResetting(true);
    try {
      await resetNgoAdminPassword(api, admin.ngoId, admin.id, password);
      announceNgoSuccess(<Trans>The password has been changed</Trans>);
      onClose();
    } catch (error) {
      setResetting(false);
      announceNgoFailure(error, i18n);
    }
  }

  const account = admin.account;
  return (
    <form onSubmit={(event) => void confirm(event)} noValidate>
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
        <FormDialogButtons busy={resetting} canConfirm={valid} onCancel={onClose} />
      </Stack>
    </form>
  );
}
