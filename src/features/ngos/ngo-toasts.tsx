import type { ReactNode } from "react";
import type { I18n } from "@lingui/core";
import { Trans } from "@lingui/react/macro";
import { notifications } from "@mantine/notifications";
import { ngoErrorMessage, toNgoProblem } from "./ngos.messages";

/** Announces a change that went through. */
export function announceNgoSuccess(message: ReactNode, color = "green") {
  notifications.show({ color, title: <Trans id="SUCCESS">Success</Trans>, message });
}

/** Announces a failed call with the translated message of its problem code. */
export function announceNgoFailure(error: unknown, i18n: I18n) {
  notifications.show({ color: "red", title: <Trans id="ERROR">Error</Trans>, message: i18n._(ngoErrorMessage(toNgoProblem(error))) });
}
