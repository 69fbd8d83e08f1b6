import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { commonMessages } from "../../../shared/i18n/common-messages";
import type { FormFileFill } from "./form-import.machine";

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

const importProblems: Record<string, MessageDescriptor> = {
  required: msg`missing`,
  type: msg`wrong kind of value`,
  format: msg`wrong format`,
  pattern: msg`must contain text (and no NUL character)`,
  minLength: msg`must not be empty`,
  maxLength: msg`too long`,
  minimum: msg`too small`,
  maximum: msg`too large`,
  enum: msg`not one of the allowed values`,
  minItems: msg`needs at least one item`,
  maxItems: msg`has too many items`,
  uniqueItems: msg`repeats an item`,
  additionalProperties: msg`not a field of a form`,
  duplicate: msg`already used in this form`,
  invalid: msg`not valid`,
  not_found: msg`does not exist`,
};

/** What is wrong at one place of an imported form file, from the server's field code. */
export function importProblemMessage(i18n: I18n, code: string): string {
  return i18n._(importProblems[code] ?? importProblems.invalid!);
}

/** What the import filled in where the file said nothing, from the server's code. */
export function importFillMessage(i18n: I18n, fill: FormFileFill): string {
  switch (fill.code) {
    case "diaspora_absent":
      return i18n._(msg`“Only diaspora” is not in the file: imported as a national form.`);
    case "version_absent":
      return i18n._(msg`No version in the file: imported as version 1.`);
    case "sections_untitled": {
      const count = fill.count ?? 0;
      return i18n._(
        msg({
          message: plural(count, {
            one: "# section without a title: shown by its code until you name it; it needs a title before publishing.",
            other: "# sections without a title: shown by their codes until you name them; they need titles before publishing.",
          }),
          comment: "After a form import: sections of the file whose title is empty",
        }),
      );
    }
  }
}

/** Why an import failed as a whole (a bad file lists its problems instead). */
export function importFailureMessage(i18n: I18n, problem: FormProblem): string {
  if (problem.code === "forbidden" || problem.status === 403) return i18n._(commonMessages.notAllowed);
  return i18n._(problem.status === 0 ? commonMessages.cannotReachServer : somethingWentWrong(problem.status));
}

/** Why a form could not be downloaded. */
export function formExportErrorMessage(problem: FormProblem): MessageDescriptor {
  if (problem.status === 0) return commonMessages.cannotReachServer;
  if (problem.code === "not_found") return msg`This form no longer exists: someone else may have deleted it.`;
  return msg`Could not export the form. Try again later.`;
}
