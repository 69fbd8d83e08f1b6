import { fireEvent } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import type { Locale } from "../../../src/shared/i18n/locales";
import type { Target } from "../locators";
import {
  STATION_WORDS,
  stationControls,
  type DiffKind,
  type StationForm,
  type StationFormField,
  type StationImport,
  type StationList,
  type StationObserverReading,
  type StationPage,
} from "../polling-stations";
import { control, find, findAll, read, stateOf, textOf, typeInto } from "./find";

type Controls = ReturnType<typeof stationControls>;

const clicker = (user: UserEvent) => async (target: Target, scope?: Parameters<typeof control>[1]) => user.click(await control(target, scope));

/** A Mantine Select: its option chosen, or (for "") the chosen one clicked again, which deselects it. */
async function choose(user: UserEvent, controls: Controls, field: HTMLElement, option: string) {
  const chosen = (field as HTMLInputElement).value;
  if (option === chosen) return;
  await user.click(field);
  await user.click(await control(controls.option(option === "" ? chosen : option)));
}

export function stationList(user: UserEvent, locale: Locale = "en"): StationList {
  const controls = stationControls(STATION_WORDS[locale]);
  const click = clicker(user);
  const form = () => find(controls.filterForm);
  const valueOf = (target: Target) => (find(target, form()) as HTMLInputElement | null)?.value ?? "";
  const cells = (row: HTMLElement) => findAll(controls.cell, row).map((cell) => textOf(cell) ?? "");
  return {
    title: read(() => textOf(find(controls.title))),
    rows: read(() =>
      findAll(controls.row).map((row) => {
        const [county = "", locality = "", institution = "", address = "", voters = "", status = ""] = cells(row);
        const number = find(controls.rowHeader, row);
        return { county, number: textOf(number) ?? "", locality, institution, address, voters, status, link: number?.querySelector("a")?.getAttribute("href") ?? null };
      }),
    ),
    range: read(() => textOf(find(controls.range))),
    paging: read(() => ({ previous: stateOf(find(controls.previous)), next: stateOf(find(controls.next)) })),
    loading: read(() => textOf(find(controls.loading))),
    loadError: read(() => textOf(find(controls.loadError))),
    emptyText: read(() => textOf(find(controls.empty))),
    refreshState: read(() => stateOf(find(controls.refresh))),
    filterValues: read(() => ({ county: valueOf(controls.county), number: valueOf(controls.number), search: valueOf(controls.search), status: valueOf(controls.status) })),
    actions: read(() => ({ add: stateOf(find(controls.add)), import: stateOf(find(controls.import)), export: stateOf(find(controls.export)) })),

    async filter({ county, number, search, status }) {
      if (county !== undefined) await choose(user, controls, await control(controls.county, form), county);
      if (number !== undefined) await typeInto(user, await control(controls.number, form), number);
      if (search !== undefined) await typeInto(user, await control(controls.search, form), search);
      if (status !== undefined) await choose(user, controls, await control(controls.status, form), status);
      await click(controls.filter, form);
    },
    resetFilter: () => click(controls.reset, form),
    nextPage: () => click(controls.next),
    previousPage: () => click(controls.previous),
    refresh: () => click(controls.refresh),
    retry: () => click(controls.retry, () => find(controls.loadError)),
    openStation: (number, countyName) => click(controls.stationLink(number, countyName)),
    exportList: () => click(controls.export),
    add: () => click(controls.add),
    openImport: () => click(controls.import),
  };
}

/** A row of the observers' table: the name in its header cell, then phone, NGO (organizers only), assignment, times, reports. */
function observerRow(row: HTMLElement, controls: Controls): StationObserverReading {
  const name = find(controls.rowHeader, row);
  const cells = findAll(controls.cell, row);
  const [phone, ngo, assignment, arrival, departure, reports] = cells.length === 6 ? cells : [cells[0], null, ...cells.slice(1)];
  const text = (cell: HTMLElement | null | undefined) => textOf(cell ?? null) ?? "";
  return {
    name: text(name),
    profile: name?.querySelector("a")?.getAttribute("href") ?? null,
    phone: text(phone),
    ngo: ngo ? text(ngo) : null,
    assignment: text(assignment),
    arrival: text(arrival),
    departure: text(departure),
    reports: text(reports),
    thread: reports?.querySelector("a")?.getAttribute("href") ?? null,
  };
}

export function stationPage(user: UserEvent, locale: Locale = "en"): StationPage {
  const controls = stationControls(STATION_WORDS[locale]);
  const click = clicker(user);
  const observersSection = () => find(controls.observersSection);
  return {
    title: read(() => textOf(find(controls.title))),
    status: read(() => textOf(find(controls.statusBadge))),
    facts: read(() => findAll({ role: "row" }, find(controls.facts)).map((row) => `${textOf(find(controls.rowHeader, row))}: ${textOf(find(controls.cell, row))}`)),
    observers: read(() => {
      const table = find(controls.observers);
      return table ? [...table.querySelectorAll<HTMLElement>("tbody tr")].map((row) => observerRow(row, controls)) : [];
    }),
    observersEmpty: read(() => textOf(find(controls.observersEmpty))),
    observersError: read(() => textOf(find(controls.loadError, observersSection()))),
    retryObservers: () => click(controls.retry, observersSection),
    links: read(() =>
      [...document.querySelectorAll<HTMLAnchorElement>("section[aria-labelledby='station-reports'] a")].map((link) => ({
        text: textOf(link) ?? "",
        href: link.getAttribute("href") ?? "",
      })),
    ),
    retiredNotice: read(() => {
      const notice = document.querySelector("[data-testid='station-retired']");
      return notice ? textOf(notice) : null;
    }),
    actions: read(() => ({ edit: stateOf(find(controls.edit)), retire: stateOf(find(controls.retire)), reactivate: stateOf(find(controls.reactivate)) })),
    loadError: read(() => textOf(find(controls.loadError))),
    edit: () => click(controls.edit),
    retire: () => click(controls.retire),
    reactivate: () => click(controls.reactivate),
  };
}

const FORM_FIELDS: Record<StationFormField, { en: string; ro: string }> = {
  county: { en: "County", ro: "Județ" },
  number: { en: "Number", ro: "Număr" },
  locality: { en: "Locality", ro: "Localitate" },
  institution: { en: "Institution", ro: "Instituție" },
  address: { en: "Address", ro: "Adresă" },
  registeredVoters: { en: "Registered voters", ro: "Alegători înscriși" },
  latitude: { en: "Latitude", ro: "Latitudine" },
  longitude: { en: "Longitude", ro: "Longitudine" },
};

export function stationForm(user: UserEvent, locale: Locale = "en"): StationForm {
  const controls = stationControls(STATION_WORDS[locale]);
  const click = clicker(user);
  const field = (name: StationFormField): Target =>
    name === "county" ? { role: "combobox", name: /^Județ|^County/ } : { role: "textbox", name: new RegExp(`^${FORM_FIELDS[name][locale]}( \\*)?$`) };
  const fields = Object.keys(FORM_FIELDS) as StationFormField[];
  const input = (name: StationFormField) => find(field(name)) as HTMLInputElement | null;
  return {
    title: read(() => textOf(find(controls.title))),
    values: read(() => Object.fromEntries(fields.map((name) => [name, input(name)?.value ?? ""])) as Record<StationFormField, string>),
    errors: read(() => {
      const errors: Partial<Record<StationFormField, string>> = {};
      for (const name of fields) {
        const id = input(name)?.getAttribute("aria-describedby")?.split(" ").find((part) => part.endsWith("-error"));
        const message = id ? document.getElementById(id) : null;
        if (message) errors[name] = textOf(message) ?? "";
      }
      return errors;
    }),
    saveState: read(() => stateOf(find(controls.save))),
    async fill(values) {
      for (const [name, value] of Object.entries(values) as [StationFormField, string][]) {
        const target = await control(field(name));
        if (name === "county") await choose(user, controls, target, value);
        else await typeInto(user, target, value);
        fireEvent.blur(target);
      }
    },
    save: () => click(controls.save),
    cancel: () => click(controls.cancel),
  };
}

export function stationImport(user: UserEvent, locale: Locale = "en"): StationImport {
  const words = STATION_WORDS[locale];
  const controls = stationControls(words);
  const click = clicker(user);
  const tableRows = (table: HTMLElement | null) =>
    findAll({ role: "row" }, table)
      .slice(1)
      .map((row) => findAll(controls.cell, row).map((cell) => textOf(cell) ?? ""));
  const countOf = (kind: "added" | "changed" | "retired" | "unchanged") => textOf(find(controls.count(kind))?.firstElementChild ?? null) ?? "";
  return {
    stepHeading: read(() => textOf(findAll(controls.stepHeading)[0] ?? null)),
    chosenFile: read(() => /^(?:Chosen file|Fișier ales): (.*)$/.exec(textOf(find(controls.chosenFile)) ?? "")?.[1] ?? null),
    progress: read(() => textOf(find(controls.progress))),
    columns: read(() =>
      Object.fromEntries(
        [...document.querySelectorAll<HTMLInputElement>("[data-testid^='station-import-column-']")].map((select) => [
          select.getAttribute("data-testid")!.replace("station-import-column-", ""),
          select.value,
        ]),
      ),
    ),
    counts: read(() => (find(controls.count("added")) ? { added: countOf("added"), changed: countOf("changed"), retired: countOf("retired"), unchanged: countOf("unchanged") } : null)),
    tabs: read(() => findAll(controls.tab).map((tab) => textOf(tab) ?? "")),
    diffRows: read((kind: DiffKind) => tableRows(find(controls.diffTable(kind)))),
    retireMissing: read(() => {
      const toggle = find(controls.retireMissing) as HTMLInputElement | null;
      return toggle ? toggle.checked : null;
    }),
    commitButton: read(() => {
      const button = find(controls.commit);
      return button ? { text: textOf(button) ?? "", state: stateOf(button) } : null;
    }),
    badRows: read(() => tableRows(find(controls.badRows))),
    failure: read(() => textOf(find(controls.loadError))),
    done: read(() => textOf(find(controls.done))),
    cancelState: read(() => stateOf(find(controls.cancel))),

    chooseFile: async (file) => user.upload(await control(controls.fileInput), file),
    async chooseColumn(field, header) {
      const select = await control({ testId: `station-import-column-${field}` });
      await choose(user, controls, select, header ?? "");
    },
    submitMapping: () => click(controls.checkMapping),
    editMapping: () => click(controls.changeColumns),
    openTab: (kind) => click(controls.diffTab(kind)),
    toggleRetireMissing: () => click(controls.retireMissing),
    commit: () => click(controls.commit),
    async commitTwice() {
      const button = await control(controls.commit);
      await user.dblClick(button);
    },
    retry: () => click(controls.retry),
    restart: () => click(controls.restart),
    cancel: () => click(controls.cancel),
  };
}
