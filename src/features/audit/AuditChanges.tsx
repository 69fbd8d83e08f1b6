import { List, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import type { AuditChange } from "./audit.actors";
import { formatDateTime } from "../../shared/i18n/time-format";
import { isInstant } from "./audit.format";
import { booleanLabels, fieldLabels, fieldValueLabels, SECRET_FIELDS } from "./audit-change.messages";

// Fields and values come from the server as free text: "constructor" must not find Object's.
const own = <Value,>(table: Record<string, Value>, key: string): Value | undefined => (Object.hasOwn(table, key) ? table[key] : undefined);

/** A value as a reader takes it: yes/no and review states translated, instants in local time, none as "(none)". */
function ChangeValue({ value, field }: { value: string | null; field: string }) {
  const { i18n } = useLingui();
  if (value === null || value === "") {
    return (
      <Text span c="dimmed" inherit>
        <Trans comment="Activity log: a field had no value before or after the change">(none)</Trans>
      </Text>
    );
  }
  const label = own(own(fieldValueLabels, field) ?? {}, value) ?? own(booleanLabels, value);
  if (label) return <>{i18n._(label)}</>;
  return <>{isInstant(value) ? formatDateTime(value, i18n.locale, { seconds: true }) : value}</>;
}

function ChangeLine({ change }: { change: AuditChange }) {
  const { i18n } = useLingui();
  const known = own(fieldLabels, change.field);
  const field = known ? i18n._(known) : change.field;
  if (SECRET_FIELDS.has(change.field)) {
    return <Trans comment="Activity log: a PIN or password was changed; its values are never shown">{field}: changed (not shown)</Trans>;
  }
  const from = <ChangeValue value={change.from} field={change.field} />;
  const to = <ChangeValue value={change.to} field={change.field} />;
  if (change.from === null) return <Trans comment="Activity log: a field set on a new record">{field}: {to}</Trans>;
  return <Trans comment="Activity log: a field's value before and after the change">{field}: {from} → {to}</Trans>;
}

/** The fields an entry changed, each "field: from → to"; nothing when it changed none (a deletion, a send). */
export function AuditChanges({ changes }: { changes: AuditChange[] }) {
  if (changes.length === 0) return null;
  return (
    <List size="sm" spacing={2} listStyleType="none" withPadding={false} data-testid="audit-changes">
      {changes.map((change, index) => (
        <List.Item key={`${change.field}-${index}`}>
          <ChangeLine change={change} />
        </List.Item>
      ))}
    </List>
  );
}
