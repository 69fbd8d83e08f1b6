import { Trans, useLingui } from "@lingui/react/macro";
import { Card, Stack, Text, Title } from "@mantine/core";
import { useSelector } from "@xstate/react";
import { useServices } from "../app/services-context";
import { PushSettings } from "../push/PushSettings";

/** Messages from the NGO, pulled at every sync: a phone without push gets every one of them too. */
export function InboxPage() {
  const { t, i18n } = useLingui();
  const { store } = useServices();
  const inbox = useSelector(store, (snapshot) => snapshot.context.inbox);
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        <Trans>Messages</Trans>
      </Title>
      <PushSettings />
      {inbox.length === 0 ? (
        <Text>
          <Trans>No messages yet. They arrive here at every sync.</Trans>
        </Text>
      ) : (
        <Stack gap="sm" component="ul" aria-label={t`Messages`} style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {inbox.map((message) => (
            <Card key={message.id} component="li" withBorder padding="sm">
              <Text fw={600}>{message.title}</Text>
              <Text size="sm" c="dimmed">
                {i18n.date(message.sentAt, { dateStyle: "short", timeStyle: "short" })}
              </Text>
              <Text mt={4} style={{ whiteSpace: "pre-wrap" }}>
                {message.body}
              </Text>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
