import { useId, type ReactNode } from "react";
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { paths } from "../../../shared/paths";
import { inRound } from "../../../shared/rounds/use-linked-round";
import type { ElectionRound, RoundStatusChange } from "../rounds.actors";
import { RoundStatusBadge } from "../RoundStatusBadge";

/** The one status change each status allows from this screen. */
const NEXT_CHANGE: Record<ElectionRound["status"], RoundStatusChange> = { preparing: "start", active: "archive", archived: "reopen" };

interface RoundCardProps {
  round: ElectionRound;
  onStatusChange: (round: ElectionRound, change: RoundStatusChange) => void;
  onDownload: (round: ElectionRound) => void;
  /** This round's status change runs: its button shows a loader. */
  changing: boolean;
}

/** One round: its day, status and what it holds, and what an organizer can do with it. A region named by its name. */
export function RoundCard({ round, onStatusChange, onDownload, changing }: RoundCardProps) {
  const { i18n } = useLingui();
  const headingId = useId();
  const day = i18n.date(`${round.electionDay}T12:00:00Z`, { dateStyle: "long", timeZone: "UTC" });
  const count = (value: number) => i18n.number(value);
  const change = NEXT_CHANGE[round.status];

  return (
    <Card withBorder component="section" aria-labelledby={headingId} data-testid="round-card">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={2}>
            <Group gap="xs">
              <Title order={2} size="h3" id={headingId}>
                {round.name}
              </Title>
              <RoundStatusBadge status={round.status} />
              {round.current ? (
                <Badge variant="outline" size="sm">
                  <Trans comment="Badge of the round that screens show unless another is chosen">Current</Trans>
                </Badge>
              ) : null}
            </Group>
            <Text size="sm" c="dimmed">
              <Trans comment="A round's election day, e.g. Election day: 18 May 2025">Election day: {day}</Trans>
            </Text>
          </Stack>
          <Group gap="xs">
            <Button component={Link} to={inRound(paths.urgents.href(), round.id)} variant="light" size="xs">
              <Trans comment="Button: work in this election round (the screens switch to it)">Open</Trans>
            </Button>
            <Button component={Link} to={paths.electionRoundNew.href(round.id)} variant="light" size="xs">
              <Trans comment="Button: create the next election round, copying this one">Start the next round</Trans>
            </Button>
            <Button variant="default" size="xs" onClick={() => onDownload(round)}>
              <Trans comment="Button: download a round's archive (zip)">Download archive</Trans>
            </Button>
            <Button
              size="xs"
              color={change === "archive" ? "red" : undefined}
              variant={change === "archive" ? "outline" : "filled"}
              loading={changing}
              onClick={() => onStatusChange(round, change)}
            >
              {change === "start" ? (
                <Trans comment="Button: start a round in preparation">Start</Trans>
              ) : change === "archive" ? (
                <Trans comment="Button: archive a round (read-only from then on)">Archive</Trans>
              ) : (
                <Trans comment="Button: make an archived round active again">Reopen</Trans>
              )}
            </Button>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" component="dl" m={0}>
          <Fact label={<Trans comment="A round's forms, e.g. Forms: 3 (2 published)">Forms</Trans>}>
            <Trans comment="A round's forms and how many of them are published">
              {count(round.counts.forms)} ({count(round.counts.publishedForms)} published)
            </Trans>
          </Fact>
          <Fact label={<Trans>Polling stations</Trans>}>{count(round.counts.pollingStations)}</Fact>
          <Fact label={<Trans comment="Observers sent to polling stations, counted">Assignments</Trans>}>{count(round.counts.assignments)}</Fact>
          <Fact label={<Trans>NGOs taking part</Trans>}>{count(round.ngoIds.length)}</Fact>
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

function Fact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} fw={500}>
        {children}
      </Text>
    </div>
  );
}
