import { useState, type FormEvent } from "react";
import { PasswordInput, Stack, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { ApiClient } from "../../api/client";
import { selectIsBusy } from "../../shared/machines/mutation.selectors";
import { announceFailure, announceSuccess } from "../../shared/ui/toasts";
import { useMutation } from "../../shared/ui/use-mutation";
import { PIN_PATTERN } from "./observer-profile.form";
import { fieldProblemMessage } from "./observer-profile.messages";
import { resetObserverPin, type ResetPinInput } from "./observers.actors";
import { FormDialogButtons } from "../../shared/ui/FormDialogButtons";

export interface ResetPinTarget {
  id: number;
  name: string;
  phone: string;
}

interface ObserverResetPinProps {
  observer: ResetPinTarget;
  api: ApiClient;
  onClose: () => void;
  onDone?: () => void;
}

/** The modal's content: a new PIN, Confirm once it is 4 to 6 digits. Closing the modal stops the reset with it. */
export function ObserverResetPin({ observer, api, onClose, onDone }: ObserverResetPinProps) {
  const { t } = useLingui();
  const [pin, setPin] = useState("");
  const [touched, setTouched] = useState(false);
  const valid = PIN_PATTERN.test(pin);
  const reset = useMutation<ResetPinInput, unknown>({
    run: (request, { signal }) => resetObserverPin(api, request, signal),
    onSucceeded: () => {
      announceSuccess(<Trans>Password has been reset for the observer.</Trans>);
      onClose();
      onDone?.();
    },
    onFailed: () => announceFailure(<Trans>Could not reset password</Trans>),
  });
  const resetting = useSelector(reset, selectIsBusy);

  function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (valid) reset.send({ type: "mutation.start", request: { phone: observer.phone, pin } });
  }

  const problem = pin === "" ? "required" : "pin_pattern";
  const { name, phone } = observer;
  return (
    <form onSubmit={confirm} noValidate>
      <Stack>
        <Text size="sm">
          <Trans comment="{name} and {phone} identify the observer whose password is reset">
            Observer: {name} ({phone})
          </Trans>
        </Text>
        <PasswordInput
          label={t({ id: "ENTER_NEW_PASSWORD", message: "Enter new password" })}
          description={t`4 to 6 digits`}
          required
          inputMode="numeric"
          autoComplete="new-password"
          data-autofocus
          value={pin}
          onChange={(event) => setPin(event.currentTarget.value.trim())}
          onBlur={() => setTouched(true)}
          error={touched && !valid ? t(fieldProblemMessage(problem)) : null}
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
