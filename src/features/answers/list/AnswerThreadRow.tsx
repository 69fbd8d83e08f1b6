import { Badge, Group, Paper, Stack, Text } from "@mantine/core";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { OutlineIcon } from "../../../shared/ui/ListIcons";
import type { AnswerThread } from "./answer-list.actors";
import { formatLastModified } from "./answer-list.dates";
import { ThreadStatus } from "./ThreadStatus";
import { stationPlace } from "../../../shared/station-place";

interface AnswerThreadRowProps {
  thread: AnswerThread;
  /** The row's key for the keyboard cursor (observer and station). */
  threadKey: string;
  /** The server's time now, for the claim's duration and the age clock. */
  now: number;
  href: string;
  selected: boolean;
  onFocus: () => void;
}

const FLAG_PATH = "M5 21V4m0 0h11l-2 4 2 4H5";

/** One observer's answers at one station: where, who, how many flagged and when it last changed; opens the details. */
export function AnswerThreadRow({ thread, threadKey, now, href, selected, onFocus }: AnswerThreadRowProps) {
  const { i18n } = useLingui();
  const { pollingStationName, observerName, observerPhoneNumber, flaggedCount, lastModified } = thread;
  const place = stationPlace(thread);
  return (
    <Paper
      component={Link}
      to={href}
      aria-current={selected ? "page" : undefined}
      withBorder
      p="sm"
      radius="md"
      bg={selected ? "var(--mantine-primary-color-light)" : undefined}
      style={{ display: "block", color: "inherit", textDecoration: "none", borderLeftWidth: selected ? 4 : undefined }}
      data-testid="answer-thread"
      data-thread-key={threadKey}
      onFocus={onFocus}
    >
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600}>
            <Trans comment="Answer thread: the polling station the answers are about">Station: {pollingStationName}</Trans>
          </Text>
          {flaggedCount > 0 ? (
            <Badge color="red" variant="filled" leftSection={<OutlineIcon path={FLAG_PATH} width={12} height={12} />}>
              <Plural value={flaggedCount} one="# flagged" other="# flagged" comment="Badge: answers of the thread marked urgent" />
            </Badge>
          ) : null}
        </Group>
        {place || thread.offAssignment ? (
          <Group gap="xs" wrap="wrap">
            {place ? (
              <Text size="sm" c="dimmed">
                {place}
              </Text>
            ) : null}
            {thread.offAssignment ? (
              <Badge color="gray" variant="outline" size="sm">
                <Trans comment="Badge on an answer thread: the observer reports from a station it was not assigned to">Not an assigned station</Trans>
              </Badge>
            ) : null}
          </Group>
        ) : null}
        <Text size="sm">
          {observerName} · <span dir="ltr">{observerPhoneNumber}</span>
        </Text>
        <ThreadStatus thread={thread} now={now} />
        <Text size="xs" c="dimmed">
          <Trans comment="Answer thread: when its latest answer arrived">
            Last change: <time dateTime={lastModified}>{formatLastModified(lastModified, i18n.locale)}</time>
          </Trans>
        </Text>
      </Stack>
    </Paper>
  );
}
