import type { ReactNode } from "react";
import type { I18n } from "@lingui/core";
import { announceFailure, announceRemoval, announceSuccess } from "../../shared/ui/toasts";
import { ngoErrorMessage, toNgoProblem } from "./ngos.messages";

/** Announces a change that went through ("yellow" for a removal); the shared toasts decide titles and colours. */
export function announceNgoSuccess(message: ReactNode, color: "green" | "yellow" = "green") {
  if (color === "yellow") announceRemoval(message);
  else announceSuccess(message);
}

/** Announces a failed call with the translated message of its problem code. */
export function announceNgoFailure(error: unknown, i18n: I18n) {
  announceFailure(i18n._(ngoErrorMessage(toNgoProblem(error))));
}
