import { useState, type FormEvent } from "react";
import { Button, Group, NumberInput, Select, TextInput } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { trimFilter } from "../../../shared/filter-form";
import type { ListFilter } from "../../../shared/machines/list.machine";
import { countyOption } from "../counties.actors";
import { fieldLabels, statusLabels } from "../polling-stations.messages";
import type { County } from "../polling-stations.types";
import { EMPTY_STATION_FILTER, STATION_STATUSES } from "./station-list.config";
import { isEmptyFilter } from "./station-list.url";

interface StationFiltersProps {
  /** The filter in the URL; the form starts from it (the page remounts the form when the URL changes). */
  applied: ListFilter;
  counties: County[];
  countiesLoading: boolean;
  onSubmit: (filter: ListFilter) => void;
  onReset: () => void;
}

/** Both statuses: the status filter's "all", which the URL and the contract leave out. */
const ALL = "all";

/** The registry's filter form: county, station number, words of the place, status. */
export function StationFilters({ applied, counties, countiesLoading, onSubmit, onReset }: StationFiltersProps) {
  const { t, i18n } = useLingui();
  const [draft, setDraft] = useState<ListFilter>(applied);
  const set = (field: string, value: string) => setDraft((current) => ({ ...current, [field]: value }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit(trimFilter(draft));
  }

  function reset() {
    setDraft(EMPTY_STATION_FILTER);
    onReset();
  }

  return (
    <form role="search" aria-label={t({ message: "Filter the polling stations", comment: "Accessible name of the polling stations' filter form" })} onSubmit={submit}>
      <Group align="flex-start" gap="sm">
        <Select
          label={i18n._(fieldLabels.county)}
          placeholder={t({ message: "All counties", comment: "Placeholder of the county filter when none is chosen" })}
          data={counties.map(countyOption)}
          value={draft.county || null}
          onChange={(code) => set("county", code ?? "")}
          searchable
          clearable
          // Mantine's clear button is hidden from keyboards and screen readers: emptying the search clears the county too.
          onSearchChange={(search) => (search === "" ? set("county", "") : undefined)}
          disabled={countiesLoading && counties.length === 0}
          nothingFoundMessage={t({ message: "No county found", comment: "The county search matched nothing" })}
          w={{ base: "100%", xs: 220 }}
        />
        <NumberInput
          label={i18n._(fieldLabels.number)}
          value={draft.number}
          onChange={(value) => set("number", String(value))}
          min={1}
          allowDecimal={false}
          allowNegative={false}
          hideControls
          w={{ base: "100%", xs: 110 }}
        />
        <TextInput
          label={t({ message: "Locality, institution or address", comment: "Label: words searched in a polling station's place" })}
          value={draft.search}
          maxLength={200}
          onChange={(event) => set("search", event.currentTarget.value)}
          w={{ base: "100%", xs: 260 }}
        />
        <Select
          label={t({ message: "Status", comment: "Label: filter the polling stations by their status" })}
          data={[
            { value: ALL, label: t({ message: "All", comment: "Status filter of the polling stations: active and retired" }) },
            ...STATION_STATUSES.map((status) => ({ value: status, label: i18n._(statusLabels[status]) })),
          ]}
          value={draft.status || ALL}
          onChange={(status) => set("status", status === ALL || status === null ? "" : status)}
          allowDeselect={false}
          w={{ base: "100%", xs: 140 }}
        />
        <Group gap="sm" mt={{ base: 0, xs: 25 }}>
          <Button type="submit">
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
