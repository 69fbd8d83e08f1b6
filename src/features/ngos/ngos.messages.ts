import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { commonMessages } from "../../shared/i18n/common-messages";

/** A field's problem in words, as the browser finds it before anything is sent. */
export function ngoFieldProblemMessage(_problem: "required"): MessageDescriptor {
  return msg({ id: "VALIDATION_REQUIRED", message: "This field is required" });
}

/** The problem an NGO call failed with, structurally (an ApiError or a PageError). */
export interface NgoProblem {
  status: number;
  code: string | null;
}

/** Reads what a request threw into a status and a problem code; anything else is an unexpected failure. */
export function toNgoProblem(error: unknown): NgoProblem {
  if (typeof error !== "object" || error === null) return { status: 0, code: null };
  const { status, code } = error as { status?: unknown; code?: unknown };
  return { status: typeof status === "number" ? status : 0, code: typeof code === "string" ? code : null };
}

/** What went wrong with a call on an NGO or one of its admins, from the problem code. */
export function ngoErrorMessage(problem: NgoProblem): MessageDescriptor {
  switch (problem.code) {
    case "ngo_not_empty":
      return msg`This NGO still has observers, admins or answers: deactivate it instead.`;
    case "last_organizer":
      return msg`This is the last active organizer NGO: another NGO must organize before this one stops.`;
    case "duplicate_account":
      return msg`This account name is already in use. Choose another one.`;
    case "cannot_remove_self":
      return msg`You cannot remove your own account.`;
    case "validation":
      return msg`Some fields are not valid. Check them and try again.`;
    case "not_found":
      return msg`This NGO or account does not exist or was deleted.`;
    case "forbidden":
      return commonMessages.notAllowed;
    case "network_error":
      return commonMessages.cannotReachServer;
    default: {
      const status = problem.status;
      return msg({ message: `Something went wrong (error ${status}). Try again later.`, comment: "{status} is an HTTP status code such as 500" });
    }
  }
}
