import { Button, Checkbox, Group, Radio, Stack } from "@mantine/core";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { selectDraft, selectShownProblems, selectSource, type RoundCreateActor } from "./round-create.selectors";
import type { RoundDraftField } from "./round-draft";
import { RoundDraftProblemText } from "./RoundDraftProblem";
import { WizardStepForm } from "./WizardStepForm";

/** Step 2: what to copy from the round (forms, registry, assignments) and which NGOs' observers take part. */
export function RoundContentsStep({ wizard }: { wizard: RoundCreateActor }) {
  const { t } = useLingui();
  const draft = useSelector(wizard, selectDraft)!;
  const source = useSelector(wizard, selectSource)!;
  const problems = useSelector(wizard, selectShownProblems);
  const change = (field: RoundDraftField) => (value: unknown) => wizard.send({ type: "draft.change", field, value });
  const counts = source.round?.counts;
  const activeNgos = source.ngos.filter((ngo) => ngo.isActive);

  return (
    <WizardStepForm wizard={wizard}>
      <Stack gap="lg">
        {counts ? (
          <>
            <Radio.Group label={t({ message: "Forms", comment: "Wizard: which forms to copy" })} value={draft.forms} onChange={change("forms")}>
              <Stack gap="xs" mt="xs">
                <Radio value="drafts" label={<Trans>As drafts, to review before publishing (<Plural value={counts.forms} one="# form" other="# forms" />)</Trans>} />
                <Radio value="published" label={<Trans>As they are: the {counts.publishedForms} published forms published at once, the others as drafts</Trans>} />
                <Radio value="none" label={<Trans comment="Wizard: copy no forms">None</Trans>} />
              </Stack>
            </Radio.Group>
            <Radio.Group label={t({ message: "Polling stations", comment: "Wizard: where the stations of the round come from" })} value={draft.registry} onChange={change("registry")}>
              <Stack gap="xs" mt="xs">
                <Radio value="copy" label={<Trans>Copy the registry (<Plural value={counts.pollingStations} one="# polling station" other="# polling stations" />)</Trans>} />
                <Radio value="import" label={<Trans>Import a new list once the round is created</Trans>} />
              </Stack>
            </Radio.Group>
            <Radio.Group label={t({ message: "Assignments", comment: "Wizard: whether observers keep their stations" })} value={draft.assignments} onChange={change("assignments")}>
              <Stack gap="xs" mt="xs">
                <Radio value="clear" label={<Trans>Clear them: assign observers afresh</Trans>} />
                <Radio
                  value="keep"
                  disabled={draft.registry !== "copy"}
                  label={<Trans>Keep them (<Plural value={counts.assignments} one="# assignment" other="# assignments" />, for the observers taking part)</Trans>}
                  description={draft.registry !== "copy" ? <Trans>Assignments need the registry they point into.</Trans> : undefined}
                />
              </Stack>
            </Radio.Group>
          </>
        ) : null}
        <Radio.Group label={t({ message: "Observers taking part", comment: "Wizard: which NGOs' observers work in the round" })} value={draft.ngos} onChange={change("ngos")}>
          <Stack gap="xs" mt="xs">
            <Radio value="all" label={<Trans>All NGOs (<Plural value={activeNgos.length} one="# active NGO" other="# active NGOs" />) with their observers</Trans>} />
            <Radio value="chosen" label={<Trans>Only the NGOs chosen below</Trans>} />
          </Stack>
        </Radio.Group>
        {draft.ngos === "chosen" ? (
          <Checkbox.Group
            label={t({ message: "NGOs taking part" })}
            value={draft.ngoIds.map(String)}
            onChange={(ids) => change("ngoIds")(ids.map(Number))}
            error={problems.ngoIds ? <RoundDraftProblemText problem={problems.ngoIds} /> : undefined}
          >
            <Stack gap="xs" mt="xs">
              {activeNgos.map((ngo) => (
                <Checkbox key={ngo.id} value={String(ngo.id)} label={ngo.name} />
              ))}
            </Stack>
          </Checkbox.Group>
        ) : null}
        <Group justify="space-between">
          <Button variant="default" onClick={() => wizard.send({ type: "step.back" })}>
            <Trans comment="Button: the wizard's previous step">Back</Trans>
          </Button>
          <Button type="submit">
            <Trans comment="Button: the wizard's next step">Next</Trans>
          </Button>
        </Group>
      </Stack>
    </WizardStepForm>
  );
}
