import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { PageError } from "../../shared/machines/page-mode.machine";
import type { ObserverFieldProblem } from "./observer-profile.form";
import { commonMessages } from "../../shared/i18n/common-messages";

/** A field's problem in words: an ObserverFieldProblem found in the browser or a FieldError code from the server. */
export function fieldProblemMessage(problem: ObserverFieldProblem | (string & {})): MessageDescriptor {
  switch (problem) {
    case "required":
      return msg({ id: "VALIDATION_REQUIRED", message: "This field is required" });
    case "phone_pattern":
      return msg`Enter 6 to 15 digits, optionally starting with +`;
    case "pin_pattern":
      return msg`Enter 4 to 6 digits`;
    case "duplicate":
      return msg`This phone number is already used by another observer`;
    default:
      return msg`This value is not valid`;
  }
}

/** What went wrong with a load, save or delete, from the problem code. */
export function pageErrorMessage(error: PageError): MessageDescriptor {
  switch (error.code) {
    case "duplicate_phone":
      return msg`This phone number is already used by another observer`;
    case "validation":
      return msg`Some fields are not valid. Check the highlighted fields.`;
    case "not_found":
      return msg`This observer does not exist or was deleted.`;
    case "forbidden":
      return msg`You are not allowed to change this observer.`;
    case "network_error":
      return commonMessages.cannotReachServer;
    default: {
      const status = error.status;
      return msg({ message: `Something went wrong (error ${status}). Try again later.`, comment: "{status} is an HTTP status code such as 500" });
    }
  }
}
