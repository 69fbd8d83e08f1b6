import type { UserEvent } from "@testing-library/user-event";
import type { Locale } from "../../../src/shared/i18n/locales";
import { MATCHES, NOTIFICATION_WORDS, notificationControls, type Notifications, type Reach } from "../notifications";
import { control, find, findAll, read, stateOf, textOf, typeInto } from "./find";

/** The three numbers of a NotificationReach (a <dl> of addressed, reachable, not reachable). */
function reachOf(element: HTMLElement | null): Reach | null {
  if (!element) return null;
  const [addressed = NaN, reachable = NaN, notReachable = NaN] = [...element.querySelectorAll("dd")].map((dd) => Number(textOf(dd)));
  return { addressed, reachable, notReachable };
}

/** Mantine sets a filled button's colour as a CSS variable. */
function colorOf(element: HTMLElement | null): "green" | "gray" | "absent" {
  if (!element) return "absent";
  return element.style.getPropertyValue("--button-bg").includes("green") ? "green" : "gray";
}

export function notifications(user: UserEvent, locale: Locale = "en"): Notifications {
  const words = NOTIFICATION_WORDS[locale];
  const controls = notificationControls(words);
  const click = async (target: Parameters<typeof control>[0], scope?: Parameters<typeof control>[1]) => user.click(await control(target, scope));
  const cardOf = (name: string) => find(controls.card(name), find(controls.found));
  const dialog = () => find(controls.dialog);
  const tableRows = (table: HTMLElement | null) => findAll(controls.row, table).filter((row) => row.querySelector("td") !== null);

  async function choose(field: Parameters<typeof control>[0], option: string | RegExp) {
    await click(field);
    await click(controls.option(option));
  }

  return {
    title: read(() => textOf(find(controls.heading))),
    selectedCount: read(() => {
      const count = /\d+/.exec(textOf(find(controls.selectedCount)) ?? "")?.[0];
      return count === undefined ? null : Number(count);
    }),
    candidateNames: read(() => findAll(controls.card(), find(controls.found)).map((card) => card.getAttribute("aria-label") ?? "")),
    candidate: read((name: string) => {
      const card = cardOf(name);
      if (!card) return null;
      return {
        phone: textOf(card.querySelectorAll("p")[1] ?? null) ?? "",
        stations: textOf(find(controls.stations, card)),
        device: find(controls.device, card) !== null,
        selected: (find(controls.select(name), card) as HTMLInputElement | null)?.checked === true,
      };
    }),
    match: read(() => MATCHES.find((match) => (find(controls.match(match), find(controls.which)) as HTMLInputElement | null)?.checked) ?? null),
    selectedReach: read(() => reachOf(find(controls.selectedReach))),
    sendSelectedLabel: read(() => textOf(find(controls.sendSelected))),
    sendSelectedColor: read(() => colorOf(find(controls.sendSelected))),
    sendAllColor: read(() => colorOf(find(controls.sendAll))),
    sendSelectedState: read(() => stateOf(find(controls.sendSelected))),
    isIncomplete: read(() => find(controls.incomplete) !== null),
    warnsOutbox: read(() => find(controls.outbox) !== null),
    confirmQuestion: read(() => textOf(dialog()?.querySelector(".mantine-Modal-body p") ?? null)),
    confirmReach: read(() => reachOf(find(controls.confirmReach, dialog()))),
    confirmWarnsOutbox: read(() => find(controls.confirmOutbox, dialog()) !== null),
    confirmState: read(() => stateOf(find(controls.send, dialog()))),
    result: read(() => reachOf(find(controls.resultReach))),
    resultText: read(() => textOf(find(controls.result))),
    failure: read(() => textOf(find(controls.failure))),
    retryState: read(() => stateOf(find(controls.retry, find(controls.failure)))),
    historyRows: read(() =>
      tableRows(find(controls.historyTable)).map((row) => {
        const cells = findAll(controls.cell, row);
        return {
          title: textOf(find(controls.rowHeader, row)) ?? "",
          audience: textOf(cells[2] ?? null) ?? "",
          provider: textOf(cells[3] ?? null) ?? "",
          recipients: Number(textOf(cells[4] ?? null)),
          delivery: [...(cells[5]?.querySelectorAll(".mantine-Badge-root") ?? [])].map((badge) => textOf(badge) ?? ""),
        };
      }),
    ),
    recipientRows: read(() =>
      tableRows(find(controls.recipientsTable)).map((row) => {
        const cells = findAll(controls.cell, row);
        return { name: textOf(find(controls.rowHeader, row)) ?? "", status: textOf(cells[1] ?? null) ?? "", reason: textOf(cells[2] ?? null) ?? "" };
      }),
    ),

    typeTitle: async (text) => typeInto(user, await control(controls.title), text),
    typeMessage: async (text) => typeInto(user, await control(controls.message), text),
    chooseCounty: (code) => choose(controls.county, new RegExp(`\\(${code}\\)$`)),
    async chooseStations(from, to) {
      if (from !== null) await choose(controls.from, String(from));
      if (to !== null) await choose(controls.to, String(to));
    },
    chooseMatch: (match) => click(controls.match(match), () => find(controls.which)),
    search: () => click(controls.search),
    reset: () => click(controls.reset),
    toggle: (name) => click(controls.select(name), () => cardOf(name)),
    selectAll: () => click(controls.selectAll),
    deselectAll: () => click(controls.deselectAll),
    sendToSelected: () => click(controls.sendSelected),
    sendToAll: () => click(controls.sendAll),
    confirm: () => click(controls.send, dialog),
    cancel: () => click(controls.cancel, dialog),
    retry: () => click(controls.retry, () => find(controls.failure)),
    retryLoad: () => click(controls.retry, () => find({ role: "alert" })),
    editAfterFailure: () => click(controls.edit),
    newNotification: () => click(controls.newNotification),
    openHistory: () => click(controls.historyTab),
    openCompose: () => click(controls.composeTab),
    refreshHistory: () => click(controls.refresh),
    openRecipients: (title) => click(controls.recipients(title)),
    async filterRecipients(status) {
      if (status === null) {
        await typeInto(user, await control(controls.status), "");
        return;
      }
      await choose(controls.status, status);
    },
  };
}
