import { useMemo, useState } from "react";
import { Stack, Tabs, Title } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import { useSearchParams } from "react-router";
import { NotificationComposer } from "./NotificationComposer";
import { NotificationHistory } from "./NotificationHistory";

/** The observer ids another page chose as recipients (`?observerIds=1,2,3`); anything else is ignored. */
function readObserverIds(value: string | null): number[] {
  if (!value) return [];
  const ids = value
    .split(",")
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);
  return [...new Set(ids)];
}

/** /notifications: compose and send (kept while the history is looked at), and the history, loaded afresh on each visit. */
export function NotificationSend() {
  const [searchParams] = useSearchParams();
  const chosen = searchParams.get("observerIds") ?? "";
  const observerIds = useMemo(() => readObserverIds(chosen), [chosen]);
  // The activity log links a sent notification to the history (`?tab=history`).
  const [tab, setTab] = useState<string | null>(searchParams.get("tab") === "history" ? "history" : "compose");
  return (
    <Stack gap="md">
      <Title order={1}>
        <Trans id="NOTIFICATIONS">Notifications</Trans>
      </Title>
      <Tabs value={tab} onChange={setTab}>
        <Tabs.List>
          <Tabs.Tab value="compose">
            <Trans comment="Tab: write and send a notification">Compose</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="history">
            <Trans comment="Tab: the notifications sent before">History</Trans>
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="compose" pt="md">
          {/* Another screen's choice (a new ?observerIds=) starts a new composition. */}
          <NotificationComposer key={chosen} observerIds={observerIds} />
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="md">
          {tab === "history" ? <NotificationHistory /> : null}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
