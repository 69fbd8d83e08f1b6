import type { FormEvent } from "react";
import { Button, Group, Loader, Radio, Select, Stack } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import type { SearchCriteria } from "./notification-composer.machine";
import type { County } from "./notifications.actors";
import { stationOptions } from "./notification.format";

interface NotificationSearchProps {
  criteria: SearchCriteria;
  counties: County[];
  countiesLoading: boolean;
  searching: boolean;
  disabled: boolean;
  onCountyChange: (countyCode: string | null) => void;
  onStationsChange: (from: number | null, to: number | null) => void;
  onMatchChange: (assigned: boolean) => void;
  onSearch: () => void;
  onReset: () => void;
}

const toNumber = (value: string | null) => (value === null || value === "" ? null : Number(value));

/**
 * Where the recipients are: one county and a range of its polling stations (1..the county's limit), and who there:
 * the observers who arrived at those stations or those assigned to them.
 */
export function NotificationSearch({ criteria, counties, countiesLoading, searching, disabled, ...on }: NotificationSearchProps) {
  const { t } = useLingui();
  const limit = counties.find((county) => county.code === criteria.countyCode)?.limit ?? 0;
  const noCounty = criteria.countyCode === null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    on.onSearch();
  }

  return (
    <form role="search" aria-label={t({ message: "Find observers", comment: "Accessible name of the notification recipients search" })} onSubmit={submit}>
      <Stack gap="sm">
        <Radio.Group
          label={t({ message: "Which observers", comment: "Label of the choice between the observers who arrived at the chosen stations and those assigned to them" })}
          value={criteria.assigned ? "assigned" : "arrived"}
          onChange={(value) => on.onMatchChange(value === "assigned")}
          disabled={disabled}
        >
          <Group gap="lg" mt="xs">
            <Radio
              value="arrived"
              label={t({ message: "Arrived at these stations", comment: "Notification recipients: the observers who recorded an arrival at the chosen stations" })}
            />
            <Radio
              value="assigned"
              label={t({ message: "Assigned to these stations", comment: "Notification recipients: the observers assigned to the chosen stations, whether they arrived or not" })}
            />
          </Group>
        </Radio.Group>
        <Group align="flex-end" gap="sm">
          <Select
            label={t({ message: "County", comment: "Label: the county of the polling station" })}
            placeholder={t({ message: "Choose a county", comment: "Placeholder of the notification county select" })}
            data={counties.map((county) => ({ value: county.code, label: `${county.name} (${county.code})` }))}
            value={criteria.countyCode}
            onChange={on.onCountyChange}
            searchable
            disabled={disabled || (countiesLoading && counties.length === 0)}
            // Greyed out alone, the select would look broken while the counties load.
            rightSection={countiesLoading && counties.length === 0 ? <Loader size="xs" /> : undefined}
            nothingFoundMessage={t({ message: "No county found", comment: "The county search matched nothing" })}
          />
          <Select
            label={t({ message: "Polling station from", comment: "Label: the lowest polling-station number of the range" })}
            data={stationOptions(limit)}
            value={criteria.from === null ? null : String(criteria.from)}
            onChange={(value) => on.onStationsChange(toNumber(value), criteria.to)}
            searchable
            clearable
            disabled={disabled || noCounty}
            w={170}
          />
          <Select
            label={t({ message: "Polling station to", comment: "Label: the highest polling-station number of the range" })}
            data={stationOptions(limit, criteria.from ?? 1)}
            value={criteria.to === null ? null : String(criteria.to)}
            onChange={(value) => on.onStationsChange(criteria.from, toNumber(value))}
            searchable
            clearable
            disabled={disabled || noCounty}
            w={170}
          />
          <Button type="submit" loading={searching} disabled={disabled || noCounty}>
            <Trans comment="Button: find the observers at the chosen stations">Search</Trans>
          </Button>
          <Button variant="default" onClick={on.onReset} disabled={disabled}>
            <Trans id="RESET" comment="Button: clear the search filter">Reset</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
