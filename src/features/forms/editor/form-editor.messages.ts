import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { commonMessages } from "../../../shared/i18n/common-messages";
import type { PageError } from "../../../shared/machines/page-error";
import type { ProblemCode } from "./form-validation";

/** What a field says about its problem. */
export function problemMessage(i18n: I18n, problem: { code: ProblemCode; max?: number }): string {
  switch (problem.code) {
    case "required":
      return i18n._(msg`Required`);
    case "requiredToPublish":
      return i18n._(msg`Required before publishing`);
    case "tooLong": {
      const max = problem.max ?? 0;
      return i18n._(msg`${plural(max, { one: "At most # character", other: "At most # characters" })}`);
    }
    case "duplicate":
      return i18n._(msg`Already used in this form: codes must be unique`);
    case "noSections":
      return i18n._(msg`A form needs at least one section`);
  }
}

const saveFailures: Record<string, MessageDescriptor> = {
  duplicate_form_code: msg`Another form already has this code. Choose another code.`,
  form_has_answers: msg`Observers have already answered questions or options that this version removes. Put them back (Undo), then save again.`,
  validation: msg`The server refused some fields. They are marked below.`,
  not_found: msg`This form no longer exists. It may have been deleted by another organizer.`,
  forbidden: commonMessages.notAllowed,
};

/** Why a save or load failed, in the user's words. */
export function editorFailureMessage(i18n: I18n, error: PageError): string {
  if (error.status === 0) return i18n._(commonMessages.cannotReachServer);
  const known = error.code ? saveFailures[error.code] : undefined;
  if (known) return i18n._(known);
  if (error.status === 403) return i18n._(commonMessages.notAllowed);
  return i18n._(msg`The server could not save the form. Your changes are kept here; try again.`);
}
