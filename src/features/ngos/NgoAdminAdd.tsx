import { useState, type FormEvent } from "react";
import { Button, Group, PasswordInput, TextInput, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useApi } from "../../api/api-context";
import { useSelector } from "@xstate/react";
import { selectIsBusy } from "../../shared/machines/mutation.selectors";
import { announceFailure, announceSuccess } from "../../shared/ui/toasts";
import { useMutation } from "../../shared/ui/use-mutation";
import { createNgoAdmin } from "./ngos.actors";
import { isAdminAccountValid, isAdminPasswordValid } from "./ngo-admin.form";
import { ngoErrorMessage } from "./ngos.messages";

/** Full width on a phone (the fields stack); side by side from Mantine's "xs" on, the button level with the inputs. */
const FIELD_WIDTH = { base: "100%", xs: 220 };

/** Adds an admin account to the NGO: an account without spaces and a password of 8 or more characters. */
export function NgoAdminAdd({ ngoId, onAdded }: { ngoId: number; onAdded: () => void }) {
  const api = useApi();
  const { t, i18n } = useLingui();
  const [account, setAccount] = useState("");
  const [password, setPassword] = useState("");
  const [touched, setTouched] = useState({ account: false, password: false });
  const accountValid = isAdminAccountValid(account.trim());
  const passwordValid = isAdminPasswordValid(password);
  const creation = useMutation<{ ngoId: number; account: string; password: string }, unknown>({
    run: (request, { signal }) => createNgoAdmin(api, request, signal),
    onSucceeded: () => {
      announceSuccess(<Trans>The admin account has been added</Trans>);
      setAccount("");
      setPassword("");
      setTouched({ account: false, password: false });
      onAdded();
    },
    onFailed: (_, error) => announceFailure(i18n._(ngoErrorMessage(error))),
  });
  const adding = useSelector(creation, selectIsBusy);

  function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (accountValid && passwordValid) creation.send({ type: "mutation.start", request: { ngoId, account: account.trim(), password } });
  }

  return (
    <form onSubmit={add} noValidate aria-labelledby="ngo-admin-add-title">
      <Title order={3} size="h5" id="ngo-admin-add-title" mb="xs">
        <Trans>Add an admin account</Trans>
      </Title>
      <Group align="flex-start">
        <TextInput
          w={FIELD_WIDTH}
          label={t({ message: "Account", comment: "Label: an admin's sign-in name" })}
          description={t`No spaces`}
          required
          autoComplete="off"
          value={account}
          onChange={(event) => setAccount(event.currentTarget.value)}
          onBlur={() => setTouched({ ...touched, account: true })}
          error={touched.account && !accountValid ? t`Enter an account name without spaces` : null}
          disabled={adding}
        />
        <PasswordInput
          w={FIELD_WIDTH}
          label={t({ id: "PASSWORD", message: "Password" })}
          description={t`At least 8 characters`}
          required
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          onBlur={() => setTouched({ ...touched, password: true })}
          error={touched.password && !passwordValid ? t`Enter at least 8 characters` : null}
          disabled={adding}
          visibilityToggleButtonProps={{
            "aria-label": t({ message: "Show or hide the password", comment: "Accessible label of the eye icon" }),
          }}
        />
        <Button type="submit" mt={{ base: 0, xs: 46 }} disabled={!accountValid || !passwordValid} loading={adding}>
          <Trans id="ADD" comment="Button: add an item">Add</Trans>
        </Button>
      </Group>
    </form>
  );
}
