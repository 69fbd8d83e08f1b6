import { Stack, Text } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import type { listMachine } from "../../shared/machines/list.machine";
import {
  selectIsLoading,
  selectIsRefreshing,
  selectLoadError,
} from "../../shared/machines/list.selectors";
import { ListLoadError } from "../../shared/ui/ListLoadError";
import { ListLoading } from "../../shared/ui/ListLoading";
import { ListActorPagination } from "../../shared/ui/ListActorPagination";
import { useSmallScreen } from "../../shared/ui/small-screen";
import { AuditLoadErrorText } from "./audit.load-error";
import { selectEntries } from "./audit-list.selectors";
import { AuditCards } from "./AuditCards";
import { AuditTable } from "./AuditTable";

interface AuditResultsProps {
  list: ActorRefFrom<typeof listMachine>;
  /** A filter is applied: an empty page then means nothing matched, not that nobody acted yet. */
  filtered: boolean;
}

/** The log's phase: a loader, the page of entries with its paging (kept while it refreshes), nothing, or the error. */
export function AuditResults({ list, filtered }: AuditResultsProps) {
  const loading = useSelector(list, selectIsLoading);
  const refreshing = useSelector(list, selectIsRefreshing);
  const error = useSelector(list, selectLoadError);
  const entries = useSelector(list, selectEntries);
  // Entries read better stacked on a phone: five columns of a table would scroll sideways there.
  const small = useSmallScreen();

  if (error) {
    return <ListLoadError reason={<AuditLoadErrorText error={error} />} onRetry={() => list.send({ type: "list.retry" })} />;
  }
  if (loading) return <ListLoading />;
  if (entries.length === 0) {
    return (
      <Text c="dimmed" role="status" data-testid="audit-empty">
        {filtered ? <Trans>No staff action matches these filters.</Trans> : <Trans>No staff action has been recorded yet.</Trans>}
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      {small ? <AuditCards entries={entries} busy={refreshing} /> : <AuditTable entries={entries} busy={refreshing} />}
      <ListActorPagination list={list} />
    </Stack>
  );
}
