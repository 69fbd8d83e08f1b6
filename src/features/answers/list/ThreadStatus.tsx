import { Badge, Group, Text } from "@mantine/core";
import { Plural, Trans } from "@lingui/react/macro";
import type { components } from "../../../api/schema";
import { minutesSince } from "../../../shared/server-clock";
import { AMBER_AFTER_MINUTES, isUnhandled, RED_AFTER_MINUTES } from "./thread-age";

type Thread = components["schemas"]["AnswerThread"];
type ReviewState = components["schemas"]["ReviewState"];

const STATE_COLORS: Record<ReviewState, string> = { new: "gray", in_progress: "blue", resolved: "green" };

export function ReviewStateLabel({ state }: { state: ReviewState }) {
  if (state === "in_progress") return <Trans comment="Review state of an answer thread">In progress</Trans>;
  if (state === "resolved") return <Trans comment="Review state of an answer thread">Resolved</Trans>;
  return <Trans comment="Review state of an answer thread">New</Trans>;
}

/** Minutes for the first hour, then hours and minutes, then days: a thread left overnight reads "2 days". */
function WaitingFor({ minutes }: { minutes: number }) {
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  const rest = minutes % 60;
  if (days > 0) return <Plural value={days} one="Waiting # day" other="Waiting # days" comment="Badge: an urgent thread has waited this many days" />;
  if (hours > 0) return <Trans comment="Badge: an urgent thread has waited hours and minutes">Waiting {hours} h {rest} min</Trans>;
  return <Trans comment="Badge: how long an urgent thread has waited for someone to handle it">Waiting {minutes} min</Trans>;
}

/** How long an unhandled urgent thread has waited, coloured by the thresholds; the words carry it without colour. */
function AgeClock({ since, now }: { since: string; now: number }) {
  const minutes = minutesSince(since, now);
  // Amber is the light variant: white on a filled orange fails AA, and the theme darkens warm light text.
  const look = minutes >= RED_AFTER_MINUTES ? { color: "red", variant: "filled" } : minutes >= AMBER_AFTER_MINUTES ? { color: "orange", variant: "light" } : { color: "gray", variant: "outline" };
  return (
    <Badge {...look} data-testid="age-clock" data-age={minutes}>
      <WaitingFor minutes={minutes} />
    </Badge>
  );
}

/** The thread's review state, who holds it and for how long, and the age clock while nobody handles it. */
export function ThreadStatus({ thread, now }: { thread: Thread; now: number }) {
  const { claim } = thread;
  return (
    <Group gap="xs" wrap="wrap">
      <Badge color={STATE_COLORS[thread.state]} variant="light" data-testid="review-state">
        <ReviewStateLabel state={thread.state} />
      </Badge>
      {claim ? (
        <Text size="xs" fw={500} data-testid="claim-holder">
          {claim.mine ? (
            <Trans comment="Who holds a thread: the reader, for N minutes">You · {minutesSince(claim.since, now)} min</Trans>
          ) : (
            <Trans comment="Who holds a thread: an account, for N minutes">
              {claim.holder} · {minutesSince(claim.since, now)} min
            </Trans>
          )}
        </Text>
      ) : null}
      {isUnhandled(thread) && thread.urgentSince ? <AgeClock since={thread.urgentSince} now={now} /> : null}
    </Group>
  );
}
