import { AnswerThreadList } from "./list/AnswerThreadList";

/** /urgents, the home screen: the threads with a flagged answer, the details of one beside them. */
export function UrgentAnswerList() {
  return <AnswerThreadList urgent />;
}
