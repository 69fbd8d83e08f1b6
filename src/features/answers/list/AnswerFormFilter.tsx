import { CloseButton, Group, Pill, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";

/**
 * The form filter a statistics card's link sets (it has no field in the filter form): shown so that the user knows
 * why the list is narrowed, removable on its own; Reset clears it too.
 */
export function AnswerFormFilter({ formCode, onRemove }: { formCode: string; onRemove: () => void }) {
  const { t } = useLingui();
  return (
    <Group gap="xs" data-testid="answer-form-filter">
      <Text size="sm" c="dimmed">
        <Trans comment="Before the chip of the form the answer list is narrowed to">Only answers to</Trans>
      </Text>{" "}
      <Pill size="md" withRemoveButton={false}>
        <Group gap={4} wrap="nowrap">
          <Trans comment="Chip: the answer list is narrowed to the form with this code">Form {formCode}</Trans>
          <CloseButton
            size="xs"
            onClick={onRemove}
            aria-label={t({ message: `Remove the filter Form ${formCode}`, comment: "Icon button: stop narrowing the answer list to one form" })}
          />
        </Group>
      </Pill>
    </Group>
  );
}
