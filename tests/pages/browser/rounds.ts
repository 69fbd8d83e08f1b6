import type { Locator, Page } from "playwright-core";

/** The English words of the rounds' screens that the journeys click and read. */
export const ROUND_WORDS = {
  manage: "Manage rounds",
  title: "Election rounds",
  startNext: "Start the next round",
  next: "Next",
  create: "Create the round",
  startNow: "Start the round as soon as it is created",
  reviewForms: "Review its forms",
} as const;

/** The election rounds page and its wizard, driven by pointer and read by role, as anyone would. */
export function roundsPage(page: Page) {
  const card = (name: string): Locator => page.getByRole("region", { name, exact: true });
  const dialog = () => page.getByRole("dialog");
  return {
    card,
    /** From the round bar under the header, which every screen shows. */
    async open() {
      await page.getByTestId("round-bar").getByRole("link", { name: ROUND_WORDS.manage }).click();
      await page.getByRole("heading", { level: 1, name: ROUND_WORDS.title }).waitFor();
    },
    status: (name: string) => card(name).getByTestId("round-status").textContent(),
    /** The facts a card lists, as "label: value". */
    facts: (name: string) =>
      card(name)
        .locator("dl > div")
        .evaluateAll((rows) => rows.map((row) => `${row.querySelector("dt")?.textContent}: ${row.querySelector("dd")?.textContent}`)),
    /** A status button (Start, Archive, Reopen), then the dialog's own button of the same name. */
    async changeStatus(name: string, action: "Start" | "Archive" | "Reopen") {
      await card(name).getByRole("button", { name: action, exact: true }).click();
      const question = await dialog().textContent();
      await dialog().getByRole("button", { name: action, exact: true }).click();
      await dialog().waitFor({ state: "detached" });
      return question ?? "";
    },
    startNextFrom: (name: string) => card(name).getByRole("link", { name: ROUND_WORDS.startNext }).click(),
    wizard: {
      async nameAndDay(name: string, day?: string) {
        await page.getByRole("textbox", { name: "Name" }).fill(name);
        if (day !== undefined) await page.getByLabel("Election day").fill(day);
        await page.getByRole("button", { name: ROUND_WORDS.next }).click();
      },
      next: () => page.getByRole("button", { name: ROUND_WORDS.next }).click(),
      /** The review's list of what the round will hold. */
      review: () => page.getByRole("list", { name: "What the round will hold" }).getByRole("listitem").allTextContents(),
      async create({ startNow }: { startNow: boolean }) {
        if (startNow) await page.getByRole("checkbox", { name: ROUND_WORDS.startNow }).check();
        await page.getByRole("button", { name: ROUND_WORDS.create }).click();
        await page.getByTestId("round-created").waitFor();
        return page.getByTestId("round-created").getByRole("status").textContent();
      },
      reviewForms: () => page.getByRole("link", { name: ROUND_WORDS.reviewForms }).click(),
    },
  };
}
