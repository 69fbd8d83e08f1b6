import { AnswerThreadList } from "./list/AnswerThreadList";

/** /answers: every thread of the admin's scope, the details of one beside them. */
export function AnswerList() {
  return <AnswerThreadList urgent={false} />;
}
