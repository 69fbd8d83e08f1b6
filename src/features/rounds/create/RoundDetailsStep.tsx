import { Button, Group, Stack, TextInput } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { selectDraft, selectShownProblems, type RoundCreateActor } from "./round-create.selectors";
import { RoundDraftProblemText } from "./RoundDraftProblem";
import { WizardStepForm } from "./WizardStepForm";

/** Step 1: the round's name and election day; Next checks both. */
export function RoundDetailsStep({ wizard }: { wizard: RoundCreateActor }) {
  const { t } = useLingui();
  const draft = useSelector(wizard, selectDraft)!;
  const problems = useSelector(wizard, selectShownProblems);
  return (
    <WizardStepForm wizard={wizard}>
      <Stack gap="md">
        <TextInput
          label={t({ message: "Name", comment: "Field: an election round's name" })}
          description={t({ message: "As observers and staff will see it, e.g. Prezidențiale 2025 — turul 2" })}
          required
          data-autofocus
          autoFocus
          value={draft.name}
          onChange={(event) => wizard.send({ type: "draft.change", field: "name", value: event.currentTarget.value })}
          error={problems.name ? <RoundDraftProblemText problem={problems.name} /> : undefined}
        />
        <TextInput
          type="date"
          label={t({ message: "Election day", comment: "Field: the day of an election round's vote" })}
          required
          value={draft.electionDay}
          onChange={(event) => wizard.send({ type: "draft.change", field: "electionDay", value: event.currentTarget.value })}
          error={problems.electionDay ? <RoundDraftProblemText problem={problems.electionDay} /> : undefined}
          maw={220}
        />
        <Group justify="flex-end">
          <Button type="submit">
            <Trans comment="Button: the wizard's next step">Next</Trans>
          </Button>
        </Group>
      </Stack>
    </WizardStepForm>
  );
}
