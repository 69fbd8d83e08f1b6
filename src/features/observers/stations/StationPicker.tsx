import type { FormEvent, Ref } from "react";
import { Button, Group, Select, TextInput } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { stationProblemMessage } from "./station-assign.messages";
import type { County, StationDraft, StationProblem } from "./station-ref";

interface StationPickerProps {
  counties: readonly County[];
  draft: StationDraft;
  problem: StationProblem | null;
  /** A request runs: the fields and Add wait. */
  busy: boolean;
  canAdd: boolean;
  /** Add shows the loader: its own request runs. */
  adding?: boolean;
  onCountyChange: (countyCode: string | null) => void;
  onNumberChange: (value: string) => void;
  onAdd: () => void;
  /** The number field, focused again after each station added. */
  numberRef?: Ref<HTMLInputElement>;
}

/** A station by county and number, and Add (Enter in the number field adds too). */
export function StationPicker({ counties, draft, problem, busy, canAdd, adding = false, numberRef, ...on }: StationPickerProps) {
  const { t } = useLingui();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (canAdd) on.onAdd();
  }

  return (
    <form onSubmit={submit} aria-label={t({ message: "Add a polling station", comment: "Accessible name of the form that adds a station to a list" })}>
      <Group align="flex-start" gap="sm">
        <Select
          label={t({ message: "County", comment: "Label: the county of the polling station" })}
          placeholder={t({ message: "Choose a county", comment: "Placeholder of a county select" })}
          data={counties.map((county) => ({ value: county.code, label: `${county.name} (${county.code})` }))}
          value={draft.countyCode}
          onChange={on.onCountyChange}
          searchable
          disabled={busy}
          nothingFoundMessage={t({ message: "No county found", comment: "The county search matched nothing" })}
          w={{ base: "100%", xs: 220 }}
        />
        <TextInput
          ref={numberRef}
          label={t({ message: "Station number", comment: "Label: the number of a polling station within its county" })}
          inputMode="numeric"
          autoComplete="off"
          value={draft.number}
          onChange={(event) => on.onNumberChange(event.currentTarget.value)}
          error={problem ? t(stationProblemMessage(problem)) : null}
          disabled={busy}
          w={{ base: "100%", xs: 160 }}
        />
        {/* Aligned with the fields, below their labels. */}
        <Button type="submit" mt={{ base: 0, xs: 25 }} disabled={!canAdd && !adding} loading={adding}>
          <Trans comment="Button: add the chosen polling station to the list">Add</Trans>
        </Button>
      </Group>
    </form>
  );
}
