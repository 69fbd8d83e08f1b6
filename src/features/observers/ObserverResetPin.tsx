import { useEffect, useRef, useState, type FormEvent } from "react";
import { PasswordInput, Stack, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { notifications } from "@mantine/notifications";
import { createActor, toPromise, type AnyActorRef } from "xstate";
import type { ApiClient } from "../../api/client";
import { isAbortError } from "../../api/problem";
import { PIN_PATTERN } from "./observer-profile.form";
import { fieldProblemMessage } from "./observer-profile.messages";
import { createObserverActors } from "./observers.actors";
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

/** The modal's content: a new PIN, Confirm once it is 4 to 6 digits. The reset runs as the resetPin actor. */
export function ObserverResetPin({ observer, api, onClose, onDone }: ObserverResetPinProps) {
  const { t } = useLingui();
  const [pin, setPin] = useState("");
  const [touched, setTouched] = useState(false);
  const [resetting, setResetting] = useState(false);
  const request = useRef<AnyActorRef | null>(null);
  const valid = PIN_PATTERN.test(pin);

  useEffect(() => () => request.current?.stop(), []);

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!valid || resetting) return;
    setResetting(true);
    const actor = createActor(createObserverActors(api).resetPin, { input: { phone: observer.phone, pin } });
    request.current = actor;
    try {
      await toPromise(actor.start());
      // Closing the modal stops the request; a stopped actor settles too, but nothing was reset.
      if (actor.getSnapshot().status !== "done") return;
      notifications.show({
        color: "green",
        title: <Trans>Success!</Trans>,
        message: <Trans>Password has been reset for the observer.</Trans>,
      });
      onClose();
      onDone?.();
    } catch (error) {
      if (isAbortError(error)) return;
      setResetting(false);
      notifications.show({ color: "red", title: <Trans>Error!</Trans>, message: <Trans>Could not reset password</Trans> });
    }
  }

  const problem = pin === "" ? "required" : "pin_pattern";
  const { name, phone } = observer;
  return (
    <form onSubmit={(event) => void confirm(event)} noValidate>
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
        <FormDialogButtons busy={resetting} canConfirm={valid} onCancel={onClose} />
      </Stack>
    </form>
  );
}
