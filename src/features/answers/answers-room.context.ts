import { createContext, use } from "react";
import type { ActorRefFrom } from "xstate";
import type { answersRoomMachine } from "./answers-room.machine";
import type { FormsStore } from "./details/forms.store";

export type AnswersRoomActor = ActorRefFrom<typeof answersRoomMachine>;

/** The room of the list page, for its details child route. */
export const AnswersRoomContext = createContext<{ room: AnswersRoomActor; forms: FormsStore } | null>(null);

export function useAnswersRoom() {
  const value = use(AnswersRoomContext);
  if (!value) throw new Error("the answer details render inside an answers list (AnswerThreadList provides the room)");
  return value;
}
