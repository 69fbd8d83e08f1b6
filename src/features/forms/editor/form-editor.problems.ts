import type { PageError } from "../../../shared/machines/page-error";
import type { FormDocument } from "./form-document";
import { fieldId, problemsFromServer, validateDocument, type FormProblem } from "./form-validation";

/** No problem to list: one shared value, so that "still none" is the same value after every keystroke. */
export const NO_PROBLEMS: readonly FormProblem[] = Object.freeze([]);

interface ProblemFacts {
  document: FormDocument;
  /** A save was refused for problems: the editor's own checks are listed until a save succeeds. */
  showProblems: boolean;
  /** That save meant to publish, which asks more of the form than a draft. */
  publishing: boolean;
  /** The server's last verdict: a 400 names fields by position in the document that was sent. */
  error: PageError | null;
}

/**
 * The problems the editor lists now (summary and fields): its own checks once a save was refused, then the server's
 * refusal read onto the form shown. An edit clears the server's verdict (the machine drops a 400 on any command).
 */
export function problemsToList({ document, showProblems, publishing, error }: ProblemFacts): readonly FormProblem[] {
  const own = showProblems ? validateDocument(document, publishing ? "publish" : "draft") : [];
  const fromServer = error?.status === 400 ? problemsFromServer(error.fieldErrors, document) : [];
  return own.length === 0 && fromServer.length === 0 ? NO_PROBLEMS : [...own, ...fromServer];
}

/** The same problems at the same fields, in the same order: the editor then keeps the list it has. */
export function sameProblems(a: readonly FormProblem[], b: readonly FormProblem[]): boolean {
  return a.length === b.length && a.every((problem, index) => {
    const other = b[index]!;
    return problem.code === other.code && problem.max === other.max && fieldId(problem.at) === fieldId(other.at);
  });
}
