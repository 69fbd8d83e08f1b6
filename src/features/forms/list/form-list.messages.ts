import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { commonMessages } from "../../../shared/i18n/common-messages";

/** A failed call on the forms list, structurally (a MutationError or a PageError). */
interface FormProblem {
  status: number;
  code: string | null;
}

/** Why a form could not be deleted, from the problem code. */
export function formDeleteErrorMessage(problem: FormProblem): MessageDescriptor {
  switch (problem.code) {
    case "form_has_answers":
      return msg`This form already has answers and cannot be deleted.`;
    case "not_found":
      return msg`This form no longer exists: someone else may have deleted it.`;
    case "forbidden":
      return commonMessages.notAllowed;
    default:
      return problem.status === 0 ? commonMessages.cannotReachServer : somethingWentWrong(problem.status);
  }
}

/** Why the new order was not saved; the list is back in the order the server holds. */
export function formOrderErrorMessage(problem: FormProblem): MessageDescriptor {
  if (problem.status === 0) return msg`The new order could not be saved: the server cannot be reached. The forms are back in their previous order.`;
  switch (problem.code) {
    case "validation":
      return msg`The new order could not be saved: the forms were changed meanwhile. Reload the page and try again.`;
    case "forbidden":
      return commonMessages.notAllowed;
    default: {
      const status = problem.status;
      return msg({
        message: `The new order could not be saved (error ${status}). The forms are back in their previous order.`,
        comment: "{status} is an HTTP status code such as 500",
      });
    }
  }
}

function somethingWentWrong(status: number): MessageDescriptor {
  return msg({ message: `Something went wrong (error ${status}). Try again later.`, comment: "{status} is an HTTP status code such as 500" });
}
