import "@mantine/dates/styles.css";
import "dayjs/locale/ro";
import { useState, type FormEvent } from "react";
import { Button, Group, NumberInput, Select, TextInput } from "@mantine/core";
import { DatesProvider, DateTimePicker } from "@mantine/dates";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ListFilter } from "../../../shared/machines/list.machine";
import { fromPickerValue, toPickerValue } from "../../../shared/picker-dates";
import type { County } from "./answer-list.actors";
import { EMPTY_ANSWER_FILTER } from "./answer-list.config";
import { isTimeRangeValid, trimFilter } from "../../../shared/filter-form";
import { isEmptyFilter } from "./answer-list.url";

interface AnswerFiltersProps {
  /** The filter in the URL; the form starts from it (the page remounts the form when the URL changes). */
  applied: ListFilter;
  counties: County[];
  countiesLoading: boolean;
  onSubmit: (filter: ListFilter) => void;
  onReset: () => void;
}

const DATE_TIME_FORMAT = "YYYY-MM-DD HH:mm";

/** The answers' filter form: county, station number, observer phone, and a time window on the last change. */
export function AnswerFilters({ applied, counties, countiesLoading, onSubmit, onReset }: AnswerFiltersProps) {
  const { t, i18n } = useLingui();
  const [draft, setDraft] = useState<ListFilter>(applied);
  const set = (field: string, value: string) => setDraft((current) => ({ ...current, [field]: value }));
  const { from = "", to = "" } = draft;
  const toBeforeFrom = !isTimeRangeValid(from, to);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!toBeforeFrom) onSubmit(trimFilter(draft));
  }

  function reset() {
    setDraft(EMPTY_ANSWER_FILTER);
    onReset();
  }

  return (
    <form role="search" aria-label={t({ message: "Filter answers", comment: "Accessible name of the answers filter form" })} onSubmit={submit}>
      <DatesProvider settings={{ locale: i18n.locale, firstDayOfWeek: 1 }}>
        <Group align="flex-start" gap="sm">
          <Select
            label={t({ message: "County", comment: "Label: the county of the polling station" })}
            placeholder={t({ message: "All counties", comment: "Placeholder of the county filter when none is chosen" })}
            data={counties.map((county) => ({ value: county.code, label: `${county.name} (${county.code})` }))}
            value={draft.county || null}
            onChange={(code) => set("county", code ?? "")}
            searchable
            clearable
            // Mantine's clear button is hidden from keyboards and screen readers: emptying the search clears the county too.
            onSearchChange={(search) => (search === "" ? set("county", "") : undefined)}
            disabled={countiesLoading && counties.length === 0}
            nothingFoundMessage={t({ message: "No county found", comment: "The county search matched nothing" })}
          />
          <NumberInput
            label={t({ message: "Polling station number", comment: "Label: the number of a polling station in its county" })}
            value={draft.pollingStationNumber}
            onChange={(value) => set("pollingStationNumber", String(value))}
            min={1}
            allowDecimal={false}
            allowNegative={false}
            hideControls
            w={170}
          />
          <TextInput
            label={t({ message: "Observer phone", comment: "Label: the phone number of the observer" })}
            value={draft.observerPhoneNumber}
            inputMode="tel"
            onChange={(event) => set("observerPhoneNumber", event.currentTarget.value)}
          />
          <Select
            label={t({ message: "Review state", comment: "Label: filter the answer threads by their review state" })}
            placeholder={t({ message: "Any state", comment: "Placeholder of the review state filter when none is chosen" })}
            data={[
              { value: "new", label: t({ message: "New", comment: "Review state of an answer thread" }) },
              { value: "in_progress", label: t({ message: "In progress", comment: "Review state of an answer thread" }) },
              { value: "resolved", label: t({ message: "Resolved", comment: "Review state of an answer thread" }) },
            ]}
            value={draft.state || null}
            onChange={(state) => set("state", state ?? "")}
            clearable
            w={160}
          />
          <DateTimePicker
            label={t({ message: "From", comment: "Label: the earliest time of the last change of an answer" })}
            valueFormat={DATE_TIME_FORMAT}
            value={toPickerValue(draft.from ?? "")}
            onChange={(value) => set("from", fromPickerValue(value))}
            clearable
            clearButtonProps={{ "aria-label": t({ message: "Clear the From time", comment: "Icon button: remove the earliest time filter" }) }}
            miw={180}
          />
          <DateTimePicker
            label={t({ message: "To", comment: "Label: the latest time of the last change of an answer" })}
            valueFormat={DATE_TIME_FORMAT}
            value={toPickerValue(draft.to ?? "")}
            onChange={(value) => set("to", fromPickerValue(value))}
            clearable
            clearButtonProps={{ "aria-label": t({ message: "Clear the To time", comment: "Icon button: remove the latest time filter" }) }}
            miw={180}
            error={toBeforeFrom ? t({ message: "Must not be before From", comment: "Error: the To time lies before the From time" }) : null}
          />
          <Group gap="sm" mt={25}>
            <Button type="submit" disabled={toBeforeFrom}>
              <Trans id="FILTER" comment="Button: apply the search filter">Filter</Trans>
            </Button>
            <Button variant="default" disabled={isEmptyFilter(trimFilter(draft)) && isEmptyFilter(applied)} onClick={reset}>
              <Trans id="RESET" comment="Button: clear the search filter">Reset</Trans>
            </Button>
          </Group>
        </Group>
      </DatesProvider>
    </form>
  );
}
