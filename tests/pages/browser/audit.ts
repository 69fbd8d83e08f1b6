import type { Locator, Page } from "playwright-core";
import type { Locale } from "../../../src/shared/i18n/locales";
import { AUDIT_WORDS, auditControls, type AuditEntryReading, type AuditLog } from "../audit";
import { folded, type Target } from "../locators";
import { locate, stateOf, textOf, textsOf, valueOf } from "./locate";

/** Every entry on screen, table row or card, read in one snapshot (the parts carry the same test ids in both). */
async function readEntries(page: Page): Promise<(AuditEntryReading & { when: string; ago: string })[]> {
  const raw = await page.locator("table tbody tr, ul[aria-label] > li").evaluateAll((items) =>
    items
      .filter((item) => item.querySelector("[data-testid=audit-what]") !== null)
      .map((item) => {
        const part = (id: string) => item.querySelector(`[data-testid=${id}]`);
        return {
          at: part("audit-when")?.getAttribute("datetime") ?? "",
          when: part("audit-when")?.textContent ?? "",
          ago: part("audit-ago")?.textContent ?? "",
          who: part("audit-who")?.textContent ?? "",
          what: part("audit-what")?.textContent ?? "",
          subject: part("audit-subject-label")?.textContent ?? "",
          link: part("audit-subject-label")?.getAttribute("href") ?? null,
          deleted: part("audit-deleted") !== null,
          changes: [...(part("audit-changes")?.querySelectorAll("li") ?? [])].map((line) => line.textContent ?? ""),
        };
      }),
  );
  return raw.map((entry) => ({
    ...entry,
    when: folded(entry.when),
    ago: folded(entry.ago),
    who: folded(entry.who),
    what: folded(entry.what),
    subject: folded(entry.subject),
    changes: entry.changes.map(folded),
  }));
}

export function auditLog(page: Page, locale: Locale = "en"): AuditLog {
  const words = AUDIT_WORDS[locale];
  const controls = auditControls(words);
  const at = (target: Target, scope: Page | Locator = page) => locate(scope, target);
  const form = () => at(controls.filterForm);
  const value = async (target: Target) => String((await valueOf(at(target, form()))) ?? "");

  /** A Select: its option chosen, or (for "") the chosen one clicked again, which deselects it. */
  async function choose(field: Target, option: string) {
    const chosen = await value(field);
    if (option === chosen) return;
    await at(field, form()).click();
    await at(controls.option(option === "" ? chosen : option)).click();
  }

  return {
    title: () => textOf(at(controls.heading)),
    entries: async () => (await readEntries(page)).map(({ when: _when, ago: _ago, ...entry }) => entry),
    shownTimes: async () => (await readEntries(page)).map(({ when, ago }) => ({ when, ago })),
    range: () => textOf(at(controls.range)),
    paging: async () => ({ previous: await stateOf(at(controls.previous)), next: await stateOf(at(controls.next)) }),
    loading: () => textOf(at(controls.loading)),
    loadError: () => textOf(at(controls.loadError).filter({ has: at(controls.retry) })),
    emptyText: () => textOf(at(controls.empty)),
    refreshState: () => stateOf(at(controls.refresh)),
    filterValues: async () => ({
      subjectType: await value(controls.subjectType),
      action: await value(controls.action),
      ngo: await value(controls.ngo),
      search: await value(controls.search),
    }),
    subjectChip: () => textOf(at(controls.subjectChip)),
    choices: () => textsOf(at(controls.options)),
    async refusal() {
      const heading = at(controls.organizersOnly);
      if ((await heading.count()) === 0) return null;
      return `${await textOf(heading)} ${await textOf(heading.locator("xpath=following-sibling::*[1]"))}`;
    },

    async filter({ subjectType, action, ngo, search }) {
      if (subjectType !== undefined) await choose(controls.subjectType, subjectType);
      if (action !== undefined) await choose(controls.action, action);
      if (ngo !== undefined) await choose(controls.ngo, ngo);
      if (search !== undefined) await at(controls.search, form()).fill(search);
      await at(controls.filter, form()).click();
    },
    resetFilter: () => at(controls.reset, form()).click(),
    openActionChoices: () => at(controls.action, form()).click(),
    removeSubjectChip: () => at(controls.removeChip, at(controls.subjectChip)).click(),
    nextPage: () => at(controls.next).click(),
    previousPage: () => at(controls.previous).click(),
    refresh: () => at(controls.refresh).click(),
    retry: () => at(controls.retry, at(controls.loadError)).click(),
    openSubject: (label) => at(controls.subjectLink(label)).first().click(),
  };
}
