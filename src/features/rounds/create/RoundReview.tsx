import { Button, Checkbox, Group, List, Stack, Text } from "@mantine/core";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { selectDraft, selectSource, type RoundCreateActor } from "./round-create.selectors";
import { normalName, takingPart } from "./round-draft";

/** Step 3: what the round will hold, from the copied round's counts; Create makes it (Back changes a choice). */
export function RoundReview({ wizard }: { wizard: RoundCreateActor }) {
  const { i18n, t } = useLingui();
  const draft = useSelector(wizard, selectDraft)!;
  const source = useSelector(wizard, selectSource)!;
  const counts = source.round?.counts;
  const name = normalName(draft.name);
  const day = i18n.date(`${draft.electionDay}T12:00:00Z`, { dateStyle: "long", timeZone: "UTC" });
  const ngoIds = takingPart(draft, source);
  const ngoNames = source.ngos.filter((ngo) => ngoIds.includes(ngo.id)).map((ngo) => ngo.name);
  const copiesRegistry = counts !== undefined && draft.registry === "copy";
  const drafts = counts ? counts.forms - counts.publishedForms : 0;

  return (
    <Stack gap="md" data-testid="round-review">
      <Text>
        <Trans>
          <strong>{name}</strong>, election day {day}, will be created in preparation: only organizers see it until it is started.
        </Trans>
      </Text>
      <List spacing="xs" aria-label={t({ message: "What the round will hold" })}>
        <List.Item>
          {!counts || draft.forms === "none" ? (
            <Trans>No forms: create or import them in the round.</Trans>
          ) : draft.forms === "drafts" ? (
            <Plural value={counts.forms} one="# form copied as a draft" other="# forms copied as drafts" />
          ) : (
            <Trans>
              <Plural value={counts.publishedForms} one="# form copied and published" other="# forms copied and published" />,{" "}
              <Plural value={drafts} one="# as a draft" other="# as drafts" />
            </Trans>
          )}
        </List.Item>
        <List.Item>
          {copiesRegistry ? (
            <Plural value={counts.pollingStations} one="# polling station copied" other="# polling stations copied" />
          ) : (
            <Trans>No polling stations yet: import the official list into the round once it is created.</Trans>
          )}
        </List.Item>
        <List.Item>
          {copiesRegistry && draft.assignments === "keep" ? (
            <Trans>
              Assignments kept: up to <Plural value={counts.assignments} one="# assignment" other="# assignments" />, those of the observers taking part
            </Trans>
          ) : (
            <Trans>No assignments: observers are assigned afresh.</Trans>
          )}
        </List.Item>
        <List.Item>
          <Trans>
            <Plural value={ngoIds.length} one="# NGO takes part" other="# NGOs take part" />, with their observers: {ngoNames.join(", ")}
          </Trans>
        </List.Item>
        <List.Item>
          <Trans>Nothing reported is copied: answers, notes, visits, urgents and notifications stay in their round.</Trans>
        </List.Item>
      </List>
      <Checkbox
        checked={draft.startNow}
        onChange={(event) => wizard.send({ type: "draft.change", field: "startNow", value: event.currentTarget.checked })}
        label={<Trans>Start the round as soon as it is created</Trans>}
        description={<Trans>Its observers see it at once. Leave it unticked to review the copied forms first.</Trans>}
      />
      <Group justify="space-between">
        <Button variant="default" onClick={() => wizard.send({ type: "step.back" })}>
          <Trans comment="Button: the wizard's previous step">Back</Trans>
        </Button>
        <Button onClick={() => wizard.send({ type: "round.create" })}>
          <Trans comment="Button: create the election round the wizard describes">Create the round</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
