import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { useSelector } from "@xstate/react";
import { useServices } from "../app/services-context";
import { unsentCount } from "./outbox-item";
import { saveFile } from "../../shared/save-file";
import { outboxFile } from "./outbox-file";
import { OutboxItemCard } from "./OutboxItemCard";

/** Everything the observer gave, newest first, each with its state; and the last resort, the outbox as a file. */
export function OutboxPage() {
  const { t } = useLingui();
  const { sync, session } = useServices();
  const items = useSelector(sync, (snapshot) => snapshot.context.items);
  const phone = useSelector(session, (snapshot) => snapshot.context.session?.phone ?? "");
  const unsent = unsentCount(items);
  const newestFirst = [...items].reverse();
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        <Trans>Outbox</Trans>
      </Title>
      <Group gap="sm">
        <Button onClick={() => sync.send({ type: "sync.now" })} disabled={unsent === 0}>
          <Trans>Send now</Trans>
        </Button>
        <Button variant="default" disabled={unsent === 0} onClick={() => void outboxFile(items, phone, new Date()).then(({ name, blob }) => saveFile(blob, name))}>
          <Trans>Save to a file</Trans>
        </Button>
      </Group>
      {items.length === 0 ? (
        <Text>
          <Trans>Nothing yet: what you report appears here, with whether the server has it.</Trans>
        </Text>
      ) : (
        <Stack gap="sm" component="ul" aria-label={t`Reports`} style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {newestFirst.map((item) => (
            <OutboxItemCard key={item.id} item={item} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
