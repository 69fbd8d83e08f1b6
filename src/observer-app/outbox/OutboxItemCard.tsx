import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Badge, Button, Card, Group, Stack, Text } from "@mantine/core";
import { useServices } from "../app/services-context";
import type { OutboxItem } from "./outbox-item";
import { RefusalAdvice } from "./RefusalAdvice";

const STATE_COLOR = { queued: "gray", sending: "blue", sent: "green", refused: "red" } as const;

function ItemTitle({ item }: { item: OutboxItem }) {
  const { countyCode, number } = item.summary.station;
  const { formCode, questionCode } = item.summary;
  switch (item.payload.kind) {
    case "answers":
      return (
        <Trans>
          Form {formCode} at {countyCode} {number}
        </Trans>
      );
    case "arrival":
      return (
        <Trans>
          Arrival at {countyCode} {number}
        </Trans>
      );
    case "departure":
      return (
        <Trans>
          Departure from {countyCode} {number}
        </Trans>
      );
    case "note":
      return questionCode ? (
        <Trans>
          Note on {questionCode} at {countyCode} {number}
        </Trans>
      ) : (
        <Trans>
          Note at {countyCode} {number}
        </Trans>
      );
  }
}

function StateLabel({ state }: { state: OutboxItem["state"] }) {
  if (state === "queued") return <Trans>On this phone</Trans>;
  if (state === "sending") return <Trans>Sending</Trans>;
  if (state === "sent") return <Trans>Sent</Trans>;
  return <Trans>Refused</Trans>;
}

export function OutboxItemCard({ item }: { item: OutboxItem }) {
  const { i18n } = useLingui();
  const { writes } = useServices();
  const { photoCount } = item.summary;
  return (
    <Card component="li" withBorder padding="sm" data-outbox-state={item.state}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>
            <ItemTitle item={item} />
          </Text>
          <Badge color={STATE_COLOR[item.state]} variant="light">
            <StateLabel state={item.state} />
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {i18n.date(item.createdAt, { hour: "2-digit", minute: "2-digit" })}
          {photoCount ? (
            <>
              {" · "}
              <Plural value={photoCount} one="# photo" other="# photos" />
            </>
          ) : null}
          {item.urgent ? (
            <>
              {" · "}
              <Trans>urgent</Trans>
            </>
          ) : null}
        </Text>
        {item.refusal ? (
          <>
            <RefusalAdvice refusal={item.refusal} />
            <Group gap="xs">
              <Button size="xs" variant="default" onClick={() => void writes.tryAgain(item.id)}>
                <Trans>Try again</Trans>
              </Button>
              <Button size="xs" variant="subtle" color="red" onClick={() => void writes.giveUp(item.id)}>
                <Trans>Give it up</Trans>
              </Button>
            </Group>
          </>
        ) : null}
      </Stack>
    </Card>
  );
}
