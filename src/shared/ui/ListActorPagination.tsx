import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import type { listMachine } from "../machines/list.machine";
import { selectCanGoNext, selectCanGoPrevious, selectIsRefreshing, selectRange } from "../machines/list.selectors";
import { ListPagination } from "./ListPagination";

/** The paging of a list actor: its range, Previous and Next as the machine allows them, and a refresh in place. */
export function ListActorPagination({ list }: { list: ActorRefFrom<typeof listMachine> }) {
  const range = useSelector(list, selectRange);
  const canGoNext = useSelector(list, selectCanGoNext);
  const canGoPrevious = useSelector(list, selectCanGoPrevious);
  const refreshing = useSelector(list, selectIsRefreshing);
  return (
    <ListPagination
      {...range}
      canGoPrevious={canGoPrevious}
      canGoNext={canGoNext}
      onPrevious={() => list.send({ type: "page.previous" })}
      onNext={() => list.send({ type: "page.next" })}
      onRefresh={() => list.send({ type: "list.refresh" })}
      refreshing={refreshing}
    />
  );
}
