import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { QuestionType } from "../editor/form-document";

/** The preview's own words (not the form's), which it speaks in the language chosen for it. */
export const previewMessages = {
  urgent: msg({ message: "This answer will be marked urgent", comment: "Form preview: a flagged option was chosen" }),
  emptyForm: msg`This form has no questions yet.`,
  emptySection: msg`No questions in this section.`,
};

export const questionTypeLabels: Record<QuestionType, MessageDescriptor> = {
  0: msg`Multiple choice`,
  1: msg`Single choice`,
  2: msg`Single choice with text`,
  3: msg`Multiple choice with text`,
  // The original system's single choice: observers see it as type 1.
  4: msg`Single choice`,
};

/** Types 0 and 3 let the observer tick several options; 1, 2 and the legacy 4 one. */
export const allowsSeveral = (type: QuestionType) => type === 0 || type === 3;
