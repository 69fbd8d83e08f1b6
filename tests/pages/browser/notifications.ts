import type { Locator, Page } from "playwright-core";
import type { Locale } from "../../../src/shared/i18n/locales";
import { folded, type Target } from "../locators";
import { MATCHES, NOTIFICATION_WORDS, notificationControls, type Notifications, type Reach } from "../notifications";
import { checkOf, isThere, locate, stateOf, textOf } from "./locate";

/** The one element's reading, null without one (as locate.ts reads). */
async function first<T>(locator: Locator, read: (elements: (HTMLElement | SVGElement)[]) => T[]): Promise<T | null> {
  const values = await locator.evaluateAll(read);
  if (values.length > 1) throw new Error(`${values.length} elements match ${String(locator)}`);
  return values[0] ?? null;
}

/** The three numbers of a NotificationReach (a <dl> of addressed, reachable, not reachable). */
async function reachOf(locator: Locator): Promise<Reach | null> {
  const numbers = await first(locator, (elements) => elements.map((element) => [...element.querySelectorAll("dd")].map((dd) => Number(dd.textContent?.trim()))));
  if (!numbers) return null;
  const [addressed = NaN, reachable = NaN, notReachable = NaN] = numbers;
  return { addressed, reachable, notReachable };
}

/** Mantine sets a filled button's colour as a CSS variable. */
async function colorOf(locator: Locator): Promise<"green" | "gray" | "absent"> {
  const background = await first(locator, (elements) => elements.map((element) => element.style.getPropertyValue("--button-bg")));
  if (background === null) return "absent";
  return background.includes("green") ? "green" : "gray";
}

/** The body rows of a table: the row header's text and each data cell's text and badges. */
async function bodyRows(table: Locator) {
  const rows = await table.evaluateAll((tables) =>
    tables.flatMap((element) =>
      [...element.querySelectorAll("tbody tr")].map((row) => ({
        header: row.querySelector("th")?.textContent ?? "",
        cells: [...row.querySelectorAll("td")].map((cell) => ({
          text: cell.textContent ?? "",
          badges: [...cell.querySelectorAll(".mantine-Badge-root")].map((badge) => badge.textContent ?? ""),
        })),
      })),
    ),
  );
  return rows.map(({ header, cells }) => ({
    header: folded(header),
    cells: cells.map((cell) => ({ text: folded(cell.text), badges: cell.badges.map(folded) })),
  }));
}

export function notifications(page: Page, locale: Locale = "en"): Notifications & { confirmWithDoubleClick(): Promise<void> } {
  const words = NOTIFICATION_WORDS[locale];
  const controls = notificationControls(words);
  const at = (target: Target, scope: Page | Locator = page) => locate(scope, target);
  const foundList = () => at(controls.found);
  const cardOf = (name: string) => at(controls.card(name), foundList());
  const dialog = () => at(controls.dialog);
  const failure = () => at(controls.failure);

  /** A searchable Select: typing narrows its options (a county's stations run into the hundreds), then one is chosen. */
  async function choose(field: Target, option: string | RegExp, typed?: string) {
    const input = at(field);
    await input.click();
    if (typed !== undefined) await input.fill(typed);
    await at(controls.option(option)).click();
  }

  return {
    title: () => textOf(at(controls.heading)),
    async selectedCount() {
      const count = /\d+/.exec((await textOf(at(controls.selectedCount))) ?? "")?.[0];
      return count === undefined ? null : Number(count);
    },
    candidateNames: () => at(controls.card(), foundList()).evaluateAll((cards) => cards.map((card) => card.getAttribute("aria-label") ?? "")),
    async candidate(name) {
      const read = await first(cardOf(name), (cards) =>
        cards.map((card) => ({
          phone: card.querySelectorAll("p")[1]?.textContent ?? "",
          stations: card.querySelector("[data-testid='candidate-stations']")?.textContent ?? null,
          badges: [...card.querySelectorAll(".mantine-Badge-root")].map((badge) => badge.textContent ?? ""),
          selected: card.querySelector<HTMLInputElement>("input[type='checkbox']")?.checked === true,
        })),
      );
      if (!read) return null;
      return {
        phone: folded(read.phone),
        stations: read.stations === null ? null : folded(read.stations),
        device: read.badges.map(folded).includes(words.deviceRegistered),
        selected: read.selected,
      };
    },
    async match() {
      for (const match of MATCHES) if ((await checkOf(at(controls.match(match), at(controls.which)))) === "checked") return match;
      return null;
    },
    selectedReach: () => reachOf(at(controls.selectedReach)),
    sendSelectedLabel: () => textOf(at(controls.sendSelected)),
    sendSelectedColor: () => colorOf(at(controls.sendSelected)),
    sendAllColor: () => colorOf(at(controls.sendAll)),
    sendSelectedState: () => stateOf(at(controls.sendSelected)),
    isIncomplete: () => isThere(at(controls.incomplete)),
    warnsOutbox: () => isThere(at(controls.outbox)),
    confirmQuestion: async () => {
      const question = await first(dialog(), (dialogs) => dialogs.map((open) => open.querySelector(".mantine-Modal-body p")?.textContent ?? null));
      return question ? folded(question) : null;
    },
    confirmReach: () => reachOf(at(controls.confirmReach, dialog())),
    confirmWarnsOutbox: () => isThere(at(controls.confirmOutbox, dialog())),
    confirmState: () => stateOf(at(controls.send, dialog())),
    result: () => reachOf(at(controls.resultReach)),
    resultText: () => textOf(at(controls.result)),
    failure: () => textOf(failure()),
    retryState: () => stateOf(at(controls.retry, failure())),
    historyRows: async () =>
      (await bodyRows(at(controls.historyTable))).map(({ header, cells }) => ({
        title: header,
        audience: cells[2]?.text ?? "",
        provider: cells[3]?.text ?? "",
        recipients: Number(cells[4]?.text),
        delivery: cells[5]?.badges ?? [],
      })),
    recipientRows: async () =>
      (await bodyRows(at(controls.recipientsTable))).map(({ header, cells }) => ({ name: header, status: cells[1]?.text ?? "", reason: cells[2]?.text ?? "" })),

    typeTitle: (text) => at(controls.title).fill(text),
    typeMessage: (text) => at(controls.message).fill(text),
    chooseCounty: (code) => choose(controls.county, new RegExp(`\\(${code}\\)$`)),
    async chooseStations(from, to) {
      if (from !== null) await choose(controls.from, String(from), String(from));
      if (to !== null) await choose(controls.to, String(to), String(to));
    },
    chooseMatch: (match) => at(controls.match(match), at(controls.which)).check(),
    search: () => at(controls.search).click(),
    reset: () => at(controls.reset).click(),
    toggle: (name) => at(controls.select(name), cardOf(name)).click(),
    selectAll: () => at(controls.selectAll).click(),
    deselectAll: () => at(controls.deselectAll).click(),
    sendToSelected: () => at(controls.sendSelected).click(),
    sendToAll: () => at(controls.sendAll).click(),
    confirm: () => at(controls.send, dialog()).click(),
    /** Two clicks in a row on the dialog's Send, as an impatient user does: the second must not send again. */
    confirmWithDoubleClick: () => at(controls.send, dialog()).dblclick(),
    cancel: () => at(controls.cancel, dialog()).click(),
    retry: () => at(controls.retry, failure()).click(),
    retryLoad: () => at(controls.retry, at({ role: "alert" })).click(),
    editAfterFailure: () => at(controls.edit).click(),
    newNotification: () => at(controls.newNotification).click(),
    openHistory: () => at(controls.historyTab).click(),
    openCompose: () => at(controls.composeTab).click(),
    refreshHistory: () => at(controls.refresh).click(),
    openRecipients: (title) => at(controls.recipients(title)).click(),
    async filterRecipients(status) {
      if (status === null) {
        await at(controls.status).fill("");
        return;
      }
      await choose(controls.status, status);
    },
  };
}
