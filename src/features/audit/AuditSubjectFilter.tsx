import { CloseButton, Group, Pill, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { isSubjectType } from "./audit-list.config";
import { subjectTypeLabels } from "./audit.messages";

interface AuditSubjectFilterProps {
  subjectType: string;
  subjectId: string;
  /** The record's name as the entries on screen give it; null while none of them is about it. */
  knownLabel: string | null;
  onRemove: () => void;
}

/**
 * The one record a History link narrowed the log to (it has no field in the filter form): shown so that the user
 * knows why, removable on its own; Reset and another subject type clear it too.
 */
export function AuditSubjectFilter({ subjectType, subjectId, knownLabel, onRemove }: AuditSubjectFilterProps) {
  const { t, i18n } = useLingui();
  const kind = isSubjectType(subjectType) ? i18n._(subjectTypeLabels[subjectType]) : subjectType;
  const label = knownLabel ?? t({ message: `${kind} ${subjectId}`, comment: "Chip: a record of this kind and id, while its name is not known" });
  return (
    <Group gap="xs" data-testid="audit-subject-filter">
      <Text size="sm" c="dimmed">
        <Trans comment="Before the chip of the one record the activity log is narrowed to">Only the history of</Trans>
      </Text>{" "}
      <Pill size="md" withRemoveButton={false} maw="100%">
        <Group gap={4} wrap="nowrap">
          <Text span size="sm" truncate>
            {label}
          </Text>
          <CloseButton
            size="xs"
            onClick={onRemove}
            aria-label={t({ message: `Remove the filter ${label}`, comment: "Icon button: stop narrowing the activity log to one record" })}
          />
        </Group>
      </Pill>
    </Group>
  );
}
