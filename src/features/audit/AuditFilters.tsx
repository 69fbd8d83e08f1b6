import { useState, type FormEvent } from "react";
import { Button, Group, Select, TextInput } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ListFilter } from "../../shared/machines/list.machine";
import { actionFitsSubjectType, ACTIONS_BY_SUBJECT_TYPE, EMPTY_AUDIT_FILTER, isAction, isSubjectType, SUBJECT_TYPES } from "./audit-list.config";
import { isTimeRangeValid, trimFilter } from "../../shared/filter-form";
import { isEmptyFilter } from "./audit-list.url";
import { actionLabels, subjectTypeLabels } from "./audit.messages";
import { AuditTimeRange } from "./AuditTimeRange";

interface AuditFiltersProps {
  /** The filter in the URL; the form starts from it (the page remounts the form when the URL changes). */
  applied: ListFilter;
  ngos: { value: string; label: string }[];
  ngosLoading: boolean;
  onSubmit: (filter: ListFilter) => void;
  onReset: () => void;
}

const FIELD_WIDTH = { base: "100%", xs: 190 };

/** The log's filter form: kind of subject, action, NGO, a text and a time window. */
export function AuditFilters({ applied, ngos, ngosLoading, onSubmit, onReset }: AuditFiltersProps) {
  const { t, i18n } = useLingui();
  const [draft, setDraft] = useState<ListFilter>(applied);
  const set = (field: string, value: string) => setDraft((current) => ({ ...current, [field]: value }));
  const { from = "", to = "", subjectType = "" } = draft;
  const valid = isTimeRangeValid(from, to);

  // Another kind of subject: the one record the History link chose, and an action it cannot have, no longer apply.
  const chooseSubjectType = (value: string) =>
    setDraft((current) => ({
      ...current,
      subjectType: value,
      subjectId: value === current.subjectType ? (current.subjectId ?? "") : "",
      action: isAction(current.action) && actionFitsSubjectType(current.action, value) ? current.action : "",
    }));
  const actionOptions = (isSubjectType(subjectType) ? [subjectType] : SUBJECT_TYPES).map((type) => ({
    group: i18n._(subjectTypeLabels[type]),
    items: ACTIONS_BY_SUBJECT_TYPE[type].map((action) => ({ value: action, label: i18n._(actionLabels[action]) })),
  }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (valid) onSubmit(trimFilter(draft));
  }

  function reset() {
    setDraft(EMPTY_AUDIT_FILTER);
    onReset();
  }

  return (
    <form role="search" aria-label={t({ message: "Filter the activity log", comment: "Accessible name of the activity log's filter form" })} onSubmit={submit}>
      <Group align="flex-start" gap="sm">
        <Select
          label={t({ message: "Subject type", comment: "Label: filter the activity log by the kind of record acted on" })}
          placeholder={t({ message: "Any subject", comment: "Placeholder of the subject type filter when none is chosen" })}
          data={SUBJECT_TYPES.map((type) => ({ value: type, label: i18n._(subjectTypeLabels[type]) }))}
          value={subjectType || null}
          onChange={(value) => chooseSubjectType(value ?? "")}
          clearable
          w={FIELD_WIDTH}
        />
        <Select
          label={t({ message: "Action", comment: "Label: filter the activity log by what was done" })}
          placeholder={t({ message: "Any action", comment: "Placeholder of the action filter when none is chosen" })}
          data={actionOptions}
          value={draft.action || null}
          onChange={(value) => set("action", value ?? "")}
          clearable
          w={FIELD_WIDTH}
        />
        <Select
          label={t({ id: "NGO", message: "NGO" })}
          placeholder={t({ message: "Any NGO", comment: "Placeholder of the NGO filter of the activity log when none is chosen" })}
          data={ngos}
          value={draft.ngoId || null}
          onChange={(value) => set("ngoId", value ?? "")}
          searchable
          clearable
          // Mantine's clear button is hidden from keyboards and screen readers: emptying the search clears the NGO too.
          onSearchChange={(search) => (search === "" ? set("ngoId", "") : undefined)}
          disabled={ngosLoading && ngos.length === 0}
          nothingFoundMessage={t({ message: "No NGO found", comment: "The NGO search of the activity log matched nothing" })}
          w={FIELD_WIDTH}
        />
        <TextInput
          label={t({ message: "Name or account", comment: "Label: text searched in the record's name and the staff account" })}
          value={draft.search}
          maxLength={100}
          onChange={(event) => set("search", event.currentTarget.value)}
          w={FIELD_WIDTH}
        />
        <AuditTimeRange from={from} to={to} onChange={set} />
        <Group gap="sm" mt={{ base: 0, xs: 25 }}>
          <Button type="submit" disabled={!valid}>
            <Trans id="FILTER" comment="Button: apply the search filter">Filter</Trans>
          </Button>
          <Button variant="default" disabled={isEmptyFilter(trimFilter(draft)) && isEmptyFilter(applied)} onClick={reset}>
            <Trans id="RESET" comment="Button: clear the search filter">Reset</Trans>
          </Button>
        </Group>
      </Group>
    </form>
  );
}
