import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { Link } from "react-router";
import { useApi } from "../../../api/api-context";
import { resourceMachine } from "../../../shared/machines/resource.machine";
import { selectIsLoading, selectLoadError } from "../../../shared/machines/resource.selectors";
import { paths } from "../../../shared/paths";
import { roundChoiceStore } from "../../../shared/rounds/round-choice.store";
import { ListLoadError } from "../../../shared/ui/ListLoadError";
import { ListLoading } from "../../../shared/ui/ListLoading";
import { LoadFailureText } from "../../../shared/ui/LoadFailureText";
import { usePageActor } from "../../../shared/use-page-actor";
import { createRoundsActors } from "../rounds.actors";
import { selectRounds } from "../round-switcher.selectors";
import { RoundCard } from "./RoundCard";
import { useRoundArchiveDownload } from "./round-archive.download";
import { useRoundStatusChange } from "./round-status.mutation";

/**
 * /tururi (organizers): every round, newest election first, with what it holds; start, archive, reopen, download
 * its archive, and start the next round from it.
 */
export function RoundList() {
  const list = usePageActor(resourceMachine, createRoundsActors(useApi()));
  const loading = useSelector(list, selectIsLoading);
  const error = useSelector(list, selectLoadError);
  const rounds = useSelector(list, selectRounds);
  const changed = () => {
    list.send({ type: "resource.reload" });
    roundChoiceStore.trigger.roundsChanged();
  };
  const statusChange = useRoundStatusChange(changed);
  const archiveDownload = useRoundArchiveDownload();
  const sorted = [...rounds].sort((a, b) => b.electionDay.localeCompare(a.electionDay) || b.id - a.id);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1}>
          <Trans comment="Page title: the list of election rounds">Election rounds</Trans>{" "}
          <Text span inherit c="dimmed" data-testid="round-total">
            ({rounds.length})
          </Text>
        </Title>
        <Button component={Link} to={paths.electionRoundNew.href()} variant="default">
          <Trans comment="Button: create an election round from nothing">New empty round</Trans>
        </Button>
      </Group>
      {error ? (
        <ListLoadError
          reason={
            <LoadFailureText
              error={error}
              words={{
                forbidden: <Trans>You are not allowed to see the election rounds.</Trans>,
                failed: <Trans>The list could not be loaded. Try again.</Trans>,
                failedWithStatus: (status) => <Trans>The list could not be loaded (error {status}). Try again.</Trans>,
              }}
            />
          }
          onRetry={() => list.send({ type: "resource.retry" })}
        />
      ) : (
        <>
          {loading ? <ListLoading /> : null}
          {sorted.map((round) => (
            <RoundCard key={round.id} round={round} onStatusChange={statusChange.ask} onDownload={archiveDownload.ask} changing={statusChange.changingId === round.id} />
          ))}
        </>
      )}
      {statusChange.dialog}
      {archiveDownload.dialog}
    </Stack>
  );
}
