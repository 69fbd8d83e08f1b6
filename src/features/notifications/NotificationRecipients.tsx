import { Badge, Modal, Select, Stack, Table, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { useApi } from "../../api/api-context";
import { listMachine } from "../../shared/machines/list.machine";
import { selectCanGoNext, selectCanGoPrevious, selectFilter, selectIsLoading, selectLoadError, selectRange } from "../../shared/machines/list.selectors";
import { usePageActor } from "../../shared/use-page-actor";
import { ListLoading } from "../../shared/ui/ListLoading";
import { ListPagination } from "../../shared/ui/ListPagination";
import { createRecipientActors, type NotificationHistoryItem, type RecipientRow } from "./notifications.actors";
import { formatDateTime } from "../../shared/i18n/time-format";
import { recipientStatusLabels, STATUS_COUNT_KEYS } from "./notifications.messages";
import { NotificationLoadError } from "./NotificationLoadError";

const RECIPIENTS_INPUT = { pageSize: 20, emptyFilter: { status: "" }, sort: { by: "name", direction: "asc" as const } };

function RecipientTable({ rows, loading }: { rows: RecipientRow[]; loading: boolean }) {
  const { t, i18n } = useLingui();
  return (
    <Table aria-label={t({ message: "Recipients", comment: "Accessible name of the table of a notification's recipients" })} aria-busy={loading}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th><Trans comment="Column: the observer's name">Name</Trans></Table.Th>
          <Table.Th><Trans comment="Column: the observer's phone">Phone</Trans></Table.Th>
          <Table.Th><Trans comment="Column: the delivery status of a notification to one observer">Status</Trans></Table.Th>
          <Table.Th><Trans comment="Column: why a push failed">Reason</Trans></Table.Th>
          <Table.Th><Trans comment="Column: when the delivery status last changed">Updated</Trans></Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.id}>
            <Table.Th scope="row">{row.name}</Table.Th>
            <Table.Td>{row.phone}</Table.Td>
            <Table.Td>
              <Badge variant="light" color={row.status === "sent" ? "green" : row.status === "failed" ? "red" : "gray"}>
                {i18n._(recipientStatusLabels[row.status])}
              </Badge>
            </Table.Td>
            <Table.Td>{row.reason ?? ""}</Table.Td>
            <Table.Td>
              <time dateTime={row.updatedAt}>{formatDateTime(row.updatedAt, i18n.locale)}</time>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** One notification's recipients with their delivery status and reason, paged and filtered by status. */
export function NotificationRecipients({ notification, onClose }: { notification: NotificationHistoryItem; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const api = useApi();
  const list = usePageActor(listMachine, createRecipientActors(api, notification.id), { input: RECIPIENTS_INPUT });
  const rows = useSelector(list, (snapshot) => snapshot.context.items as RecipientRow[]);
  const loading = useSelector(list, selectIsLoading);
  const error = useSelector(list, selectLoadError);
  const range = useSelector(list, selectRange);
  const status = useSelector(list, selectFilter).status ?? "";
  const canGoNext = useSelector(list, selectCanGoNext);
  const canGoPrevious = useSelector(list, selectCanGoPrevious);
  const statusOptions = STATUS_COUNT_KEYS.map(([value]) => ({ value, label: i18n._(recipientStatusLabels[value]) }));

  return (
    <Modal opened onClose={onClose} size="xl" title={notification.title}>
      <Stack gap="sm">
        <Text size="sm">{notification.message}</Text>
        <Select
          label={t({ message: "Status", comment: "Label: filter a notification's recipients by delivery status" })}
          placeholder={t({ message: "Every status", comment: "Placeholder: recipients of any delivery status" })}
          data={statusOptions}
          value={status || null}
          clearable
          onChange={(value) => list.send(value ? { type: "filter.submit", filter: { status: value } } : { type: "filter.reset" })}
          w={220}
        />
        {error ? <NotificationLoadError error={error} onRetry={() => list.send({ type: "list.retry" })} /> : null}
        {loading ? <ListLoading /> : null}
        {!error ? <RecipientTable rows={rows} loading={loading} /> : null}
        <ListPagination
          {...range}
          canGoNext={canGoNext}
          canGoPrevious={canGoPrevious}
          onNext={() => list.send({ type: "page.next" })}
          onPrevious={() => list.send({ type: "page.previous" })}
        />
      </Stack>
    </Modal>
  );
}
