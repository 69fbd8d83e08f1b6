import { modals } from "@mantine/modals";
import { Trans } from "@lingui/react/macro";
import type { ApiClient } from "../../api/client";
import { ObserverResetPin, type ResetPinTarget } from "./ObserverResetPin";

interface ObserverResetPinOptions {
  observer: ResetPinTarget;
  api: ApiClient;
  onDone?: () => void;
}

/**
 * Opens the reset-password modal for one observer (from the list's row actions or the profile page). It needs
 * the app's ModalsProvider and Notifications, which the signed-in shell provides.
 */
export function openObserverResetPin({ observer, api, onDone }: ObserverResetPinOptions): string {
  const modalId = `observer-reset-pin-${observer.id}`;
  return modals.open({
    modalId,
    title: <Trans id="RESET_PASSWORD">Reset password</Trans>,
    children: <ObserverResetPin observer={observer} api={api} onClose={() => modals.close(modalId)} onDone={onDone} />,
  });
}
