import { useState, type FormEvent } from "react";
import { Button, Group, TextInput } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ListFilter } from "../../shared/machines/list.machine";
import { EMPTY_OBSERVER_FILTER } from "./observer-list.config";

interface ObserverFiltersProps {
  applied: ListFilter;
  onSubmit: (filter: ListFilter) => void;
  onReset: () => void;
}

const isBlank = (filter: ListFilter) => Object.values(filter).every((value) => value.trim() === "");

/** The search form of the observers list, by name and phone. */
export function ObserverFilters({ applied, onSubmit, onReset }: ObserverFiltersProps) {
  const { t } = useLingui();
  const [draft, setDraft] = useState<ListFilter>(applied);
  const formIsEmpty = isBlank(draft);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit({ name: draft.name?.trim() ?? "", phone: draft.phone?.trim() ?? "" });
  }

  function reset() {
    setDraft(EMPTY_OBSERVER_FILTER);
    onReset();
  }

  return (
    <form
      role="search"
      aria-label={t({ message: "Search observers", comment: "Accessible name of the observers filter form" })}
      onSubmit={submit}
    >
      <Group align="flex-end" gap="sm">
      <TextInput
        label={t({ id: "NAME", message: "Name", comment: "Label: a person's name" })}
        value={draft.name ?? ""}
        onChange={(event) => setDraft({ ...draft, name: event.currentTarget.value })}
      />
      <TextInput
        label={t({ id: "PHONE", message: "Phone", comment: "Label: a phone number" })}
        value={draft.phone ?? ""}
        inputMode="tel"
        onChange={(event) => setDraft({ ...draft, phone: event.currentTarget.value })}
      />
      <Button type="submit" disabled={formIsEmpty}>
        <Trans id="FILTER" comment="Button: apply the search filter">Filter</Trans>
      </Button>
      {/* Also enabled while a filter is applied, or clearing the fields by hand would strand it. */}
      <Button variant="default" disabled={formIsEmpty && isBlank(applied)} onClick={reset}>
        <Trans id="RESET" comment="Button: clear the search filter">Reset</Trans>
      </Button>
      </Group>
    </form>
  );
}
