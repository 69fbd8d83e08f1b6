import { Button, Group, Stack, Stepper, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { Link, useSearchParams } from "react-router";
import { useState } from "react";
import { useApi } from "../../../api/api-context";
import { paths } from "../../../shared/paths";
import { roundChoiceStore } from "../../../shared/rounds/round-choice.store";
import { ListLoadError } from "../../../shared/ui/ListLoadError";
import { ListLoading } from "../../../shared/ui/ListLoading";
import { LoadFailureText } from "../../../shared/ui/LoadFailureText";
import { announceSuccess } from "../../../shared/ui/toasts";
import { usePageActor } from "../../../shared/use-page-actor";
import { createRoundCreateActors } from "./round-create.actors";
import { roundCreateMachine } from "./round-create.machine";
import { selectLoadError, selectPhase, selectSource, selectStep, WIZARD_STEPS } from "./round-create.selectors";
import { forgetRoundDraft, keepRoundDraft, readRoundDraft } from "./round-draft.storage";
import { RoundContentsStep } from "./RoundContentsStep";
import { RoundCreated } from "./RoundCreated";
import { RoundCreateFailure } from "./RoundCreateFailure";
import { RoundCreateProgress } from "./RoundCreateProgress";
import { RoundDetailsStep } from "./RoundDetailsStep";
import { RoundReview } from "./RoundReview";

const fromParam = (value: string | null) => {
  const id = Number(value);
  return value !== null && Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * /tururi/nou[?from=<id>]: the wizard of a new round, copying the round `from` when given. Its choices survive a
 * reload (kept in the tab until the round is created).
 */
export function RoundCreate() {
  const [search] = useSearchParams();
  const [fromRoundId] = useState(() => fromParam(search.get("from")));
  const { t } = useLingui();
  const wizard = usePageActor(
    roundCreateMachine,
    {
      actors: createRoundCreateActors(useApi()),
      actions: {
        keepDraft: (_, { draft }) => keepRoundDraft(fromRoundId, draft),
        forgetDraft: () => forgetRoundDraft(fromRoundId),
        announceCreated: (_, { round }) => {
          const name = round.name;
          announceSuccess(t({ message: `${name} has been created.` }));
          roundChoiceStore.trigger.roundsChanged();
        },
        announceStarted: (_, { round }) => {
          const name = round.name;
          announceSuccess(t({ message: `${name} has started: observers can report into it.` }));
          roundChoiceStore.trigger.roundsChanged();
        },
      },
    },
    { input: { fromRoundId, kept: readRoundDraft(fromRoundId) } },
  );
  const phase = useSelector(wizard, selectPhase);
  const step = useSelector(wizard, selectStep);
  const source = useSelector(wizard, selectSource);
  const loadError = useSelector(wizard, selectLoadError);
  const sourceName = source?.round?.name ?? "";

  return (
    <Stack gap="md" maw={760}>
      <Group justify="space-between">
        <Title order={1}>
          {fromRoundId === null ? (
            <Trans comment="Page title: create an election round from nothing">New election round</Trans>
          ) : (
            <Trans comment="Page title: create the next election round from an existing one">Start the next round</Trans>
          )}
        </Title>
        <Button component={Link} to={paths.electionRounds.href()} variant="subtle">
          <Trans comment="Link back to the list of election rounds">All rounds</Trans>
        </Button>
      </Group>
      {phase === "loading" ? <ListLoading /> : null}
      {phase === "loadFailed" && loadError ? (
        <ListLoadError
          reason={
            <LoadFailureText
              error={loadError}
              words={{
                forbidden: <Trans>You are not allowed to create election rounds.</Trans>,
                notFound: <Trans>The round to copy no longer exists.</Trans>,
                failed: <Trans>The round to copy could not be loaded. Try again.</Trans>,
                failedWithStatus: (status) => <Trans>The round to copy could not be loaded (error {status}). Try again.</Trans>,
              }}
            />
          }
          onRetry={() => wizard.send({ type: "load.retry" })}
        />
      ) : null}
      {phase === "editing" ? (
        <>
          <Stepper active={WIZARD_STEPS.indexOf(step)} size="sm" allowNextStepsSelect={false}>
            <Stepper.Step label={<Trans comment="Wizard step of a new round">Name and day</Trans>} />
            <Stepper.Step
              label={
                sourceName ? (
                  <Trans comment="Wizard step of a new round: what to copy from the previous one">What to copy</Trans>
                ) : (
                  <Trans comment="Wizard step of a new round: which NGOs take part">Who takes part</Trans>
                )
              }
            />
            <Stepper.Step label={<Trans comment="Wizard step of a new round: check before creating">Review</Trans>} />
          </Stepper>
          {step === "details" ? <RoundDetailsStep wizard={wizard} /> : null}
          {step === "contents" ? <RoundContentsStep wizard={wizard} /> : null}
          {step === "review" ? <RoundReview wizard={wizard} /> : null}
        </>
      ) : null}
      {phase === "running" ? <RoundCreateProgress wizard={wizard} /> : null}
      {phase === "failed" ? <RoundCreateFailure wizard={wizard} /> : null}
      {phase === "created" ? <RoundCreated wizard={wizard} /> : null}
    </Stack>
  );
}
