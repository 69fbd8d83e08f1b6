import { useState } from "react";
import { Badge, Button, Group, Table, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { useApi } from "../../api/api-context";
import { listMachine } from "../../shared/machines/list.machine";
import { selectCanGoNext, selectCanGoPrevious, selectIsLoading, selectLoadError, selectRange } from "../../shared/machines/list.selectors";
import { usePageActor } from "../../shared/use-page-actor";
import { ListLoading } from "../../shared/ui/ListLoading";
import { ListPagination } from "../../shared/ui/ListPagination";
import { createHistoryActors, type NotificationHistoryItem } from "./notifications.actors";
import { formatDateTime } from "../../shared/i18n/time-format";
import { providerLabels, recipientStatusLabels, STATUS_COUNT_KEYS } from "./notifications.messages";
import { NotificationLoadError } from "./NotificationLoadError";
import { NotificationRecipients } from "./NotificationRecipients";

const HISTORY_INPUT = { pageSize: 20, emptyFilter: {}, sort: { by: "sentAt", direction: "desc" as const } };

function StatusCounts({ item }: { item: NotificationHistoryItem }) {
  const { i18n } = useLingui();
  return (
    <Group gap={4}>
      {STATUS_COUNT_KEYS.filter(([, key]) => item.statuses[key] > 0).map(([status, key]) => {
        const label = i18n._(recipientStatusLabels[status]);
        const count = item.statuses[key];
        return (
          <Badge key={status} variant="light" color={status === "sent" ? "green" : status === "failed" ? "red" : "gray"}>
            <Trans comment="Badge: how many recipients of a notification have this delivery status">
              {label}: {count}
            </Trans>
          </Badge>
        );
      })}
    </Group>
  );
}

function HistoryRow({ item, onOpen }: { item: NotificationHistoryItem; onOpen: () => void }) {
  const { t, i18n } = useLingui();
  const title = item.title;
  return (
    <Table.Tr>
      <Table.Th scope="row">{item.title}</Table.Th>
      <Table.Td>
        <time dateTime={item.sentAt}>{formatDateTime(item.sentAt, i18n.locale)}</time>
      </Table.Td>
      <Table.Td>
        {item.senderAccount}
        <Text size="xs" c="dimmed">
          {item.senderNgoName}
        </Text>
      </Table.Td>
      <Table.Td>
        {item.audience === "all" ? <Trans comment="Audience: every observer">All observers</Trans> : <Trans comment="Audience: chosen observers">Selected observers</Trans>}
      </Table.Td>
      <Table.Td>{i18n._(providerLabels[item.provider])}</Table.Td>
      <Table.Td>{item.recipients}</Table.Td>
      <Table.Td>
        <StatusCounts item={item} />
      </Table.Td>
      <Table.Td>
        <Button
          size="xs"
          variant="light"
          onClick={onOpen}
          aria-label={t({ message: `Recipients of ${title}`, comment: "Accessible label: show who the notification with this title was sent to" })}
        >
          <Trans comment="Button: show who a notification was sent to">Recipients</Trans>
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

/** The notifications sent, newest first, each with its audience, provider and counts per delivery status. */
export function NotificationHistory() {
  const { t } = useLingui();
  const api = useApi();
  const list = usePageActor(listMachine, createHistoryActors(api), { input: HISTORY_INPUT });
  const items = useSelector(list, (snapshot) => snapshot.context.items as NotificationHistoryItem[]);
  const loading = useSelector(list, selectIsLoading);
  const error = useSelector(list, selectLoadError);
  const range = useSelector(list, selectRange);
  const canGoNext = useSelector(list, selectCanGoNext);
  const canGoPrevious = useSelector(list, selectCanGoPrevious);
  const [opened, setOpened] = useState<NotificationHistoryItem | null>(null);

  if (error) return <NotificationLoadError error={error} onRetry={() => list.send({ type: "list.retry" })} />;
  return (
    <>
      {loading ? <ListLoading /> : null}
      {!loading && items.length === 0 ? (
        <Text c="dimmed">
          <Trans comment="The notification history is empty">No notification has been sent yet.</Trans>
        </Text>
      ) : null}
      {items.length > 0 ? (
        <Table.ScrollContainer minWidth={900}>
          <Table aria-label={t({ message: "Notifications sent", comment: "Accessible name of the notification history table" })} aria-busy={loading}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th><Trans comment="Column: the title of a notification">Title</Trans></Table.Th>
                <Table.Th><Trans comment="Column: when a notification was sent">Sent at</Trans></Table.Th>
                <Table.Th><Trans comment="Column: who sent a notification">Sender</Trans></Table.Th>
                <Table.Th><Trans comment="Column: whom a notification was addressed to">Audience</Trans></Table.Th>
                <Table.Th><Trans comment="Column: the push provider of a notification">Provider</Trans></Table.Th>
                <Table.Th><Trans comment="Column: how many observers a notification addressed">Recipients</Trans></Table.Th>
                <Table.Th><Trans comment="Column: counts of recipients per delivery status">Delivery</Trans></Table.Th>
                <Table.Th><Trans comment="Column: actions of a notification">Actions</Trans></Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <HistoryRow key={item.id} item={item} onOpen={() => setOpened(item)} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      <ListPagination
        {...range}
        canGoNext={canGoNext}
        canGoPrevious={canGoPrevious}
        onNext={() => list.send({ type: "page.next" })}
        onPrevious={() => list.send({ type: "page.previous" })}
        onRefresh={() => list.send({ type: "list.refresh" })}
      />
      {opened ? <NotificationRecipients notification={opened} onClose={() => setOpened(null)} /> : null}
    </>
  );
}
