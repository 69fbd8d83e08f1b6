import type { UserEvent } from "@testing-library/user-event";
import type { Locale } from "../../../src/shared/i18n/locales";
import { AUDIT_WORDS, auditControls, type AuditEntryReading, type AuditLog } from "../audit";
import type { Target } from "../locators";
import { control, find, findAll, present, read, stateOf, textOf, typeInto } from "./find";

export function auditLog(user: UserEvent, locale: Locale = "en"): AuditLog {
  const words = AUDIT_WORDS[locale];
  const controls = auditControls(words);
  const form = () => find(controls.filterForm);
  const click = async (target: Target, scope?: Parameters<typeof control>[1]) => user.click(await control(target, scope));
  /** Table rows with cells (not the header's), or a phone's cards. */
  const items = () => {
    const table = find(controls.table);
    if (table) return findAll(controls.row, table).filter((row) => row.querySelector("td") !== null);
    // A card's changes are a list of their own: its items are not cards.
    const cards = find(controls.cards);
    return findAll(controls.card, cards).filter((card) => card.parentElement === cards);
  };
  const reading = (item: HTMLElement): AuditEntryReading => {
    const subject = find(controls.subject, item);
    return {
      at: find(controls.when, item)?.getAttribute("datetime") ?? "",
      who: textOf(find(controls.who, item)) ?? "",
      what: textOf(find(controls.what, item)) ?? "",
      subject: textOf(subject) ?? "",
      link: subject?.getAttribute("href") ?? null,
      deleted: find(controls.deleted, item) !== null,
      changes: [...(find(controls.changes, item)?.querySelectorAll("li") ?? [])].map((line) => textOf(line) ?? ""),
    };
  };
  const valueOf = (target: Target) => (find(target, form()) as HTMLInputElement | null)?.value ?? "";

  /** A Select: its option chosen, or (for "") the chosen one clicked again, which deselects it. */
  async function choose(field: Target, option: string) {
    const input = await control(field, form);
    const chosen = (input as HTMLInputElement).value;
    if (option === chosen) return;
    await user.click(input);
    await click(controls.option(option === "" ? chosen : option));
  }

  return {
    title: read(() => textOf(find(controls.heading))),
    entries: read(() => items().map(reading)),
    shownTimes: read(() => items().map((item) => ({ when: textOf(find(controls.when, item)) ?? "", ago: textOf(find(controls.ago, item)) ?? "" }))),
    range: read(() => textOf(find(controls.range))),
    paging: read(() => ({ previous: stateOf(find(controls.previous)), next: stateOf(find(controls.next)) })),
    loading: read(() => textOf(find(controls.loading))),
    loadError: read(() => textOf(find(controls.loadError))),
    emptyText: read(() => textOf(find(controls.empty))),
    refreshState: read(() => stateOf(find(controls.refresh))),
    filterValues: read(() => ({
      subjectType: valueOf(controls.subjectType),
      action: valueOf(controls.action),
      ngo: valueOf(controls.ngo),
      search: valueOf(controls.search),
    })),
    subjectChip: read(() => textOf(find(controls.subjectChip))),
    choices: read(() => findAll(controls.options).map((option) => textOf(option) ?? "")),
    refusal: read(() => {
      const heading = find(controls.organizersOnly);
      return heading ? `${textOf(heading)} ${textOf(heading.nextElementSibling)}` : null;
    }),

    async filter({ subjectType, action, ngo, search }) {
      if (subjectType !== undefined) await choose(controls.subjectType, subjectType);
      if (action !== undefined) await choose(controls.action, action);
      if (ngo !== undefined) await choose(controls.ngo, ngo);
      if (search !== undefined) await typeInto(user, await control(controls.search, form), search);
      await click(controls.filter, form);
    },
    resetFilter: () => click(controls.reset, form),
    openActionChoices: () => click(controls.action, form),
    removeSubjectChip: () => click(controls.removeChip, () => find(controls.subjectChip)),
    nextPage: () => click(controls.next),
    previousPage: () => click(controls.previous),
    refresh: () => click(controls.refresh),
    retry: () => click(controls.retry, () => find(controls.loadError)),
    // The newest entry's link, when several are about the same record.
    openSubject: async (label) => user.click(await present(() => findAll(controls.subjectLink(label))[0], `link to ${label}`)),
  };
}
