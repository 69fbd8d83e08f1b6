import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";

/** The demo records the profile screens show (looked up through the API, not hard-coded). */
export interface DemoIds {
  observerId: number;
  ngoId: number;
  /** An urgent thread (observer × polling station) of the demo. */
  thread: { observerId: number; pollingStationId: number };
  /** The county of that thread: one with observed stations. */
  countyCode: string;
}

/** The visible words the screens are opened with, in the language the page is shown in. */
export interface VisualLabels {
  observers: string;
  moreActionsFor: (name: string) => string;
  resetPassword: string;
  delete: string;
  openMenu: string;
}

export const VISUAL_ENGLISH: VisualLabels = {
  observers: "Observers",
  moreActionsFor: (name) => `More actions for ${name}`,
  resetPassword: "Reset password",
  delete: "Delete",
  openMenu: "Open the menu",
};

/** From src/locales/ro/messages.po. */
export const VISUAL_ROMANIAN: VisualLabels = {
  observers: "Observatori",
  moreActionsFor: (name) => `Mai multe acțiuni pentru ${name}`,
  resetPassword: "Resetează parola",
  delete: "Șterge",
  openMenu: "Deschide meniul",
};

export interface ScreenContext {
  page: Page;
  labels: VisualLabels;
  /** 390 px wide: the observers list shows cards, the header a burger. */
  small: boolean;
}

export interface Screen {
  /** The approved image is `<name>.<language>.<width>.png`. */
  name: string;
  path: (ids: DemoIds) => string;
  /** What the screen loads beyond its title, and the dialog or menu to open. */
  show?: (context: ScreenContext) => Promise<void>;
  /** Shown at one width only (the row menu lives in the table, the burger on small screens). */
  width?: "wide" | "small";
  /** A dialog or menu: the viewport only, since a fixed overlay covers the viewport, not the whole page. */
  overlay?: true;
  /**
   * Loaded afresh rather than opened from the screen before it: that screen shows this one in place (a pane, a mode,
   * a tab) and keeps its heading, so the heading cannot tell when this one is shown.
   */
  reload?: true;
}

const seeFilledFirstField = async ({ page }: ScreenContext) => {
  await expect.poll(() => page.getByRole("textbox").first().inputValue()).not.toBe("");
};

const seeObserverList = async ({ page }: ScreenContext) => {
  await page.getByTestId("list-range").waitFor();
};

const seeNgoProfile = async (context: ScreenContext) => {
  await seeFilledFirstField(context);
  await context.page.locator("section table tbody tr").first().waitFor();
};

/** The first observer as the list shows it: a table row with a menu, or a card with buttons on small screens. */
async function firstObserver({ page, small, labels }: ScreenContext): Promise<{ item: Locator; name: string }> {
  await seeObserverList({ page, small, labels });
  const item = small
    ? page.getByRole("list", { name: labels.observers }).getByRole("listitem").first()
    : page.getByRole("table", { name: labels.observers }).locator("tbody tr").first();
  const name = small ? await item.getAttribute("aria-label") : await item.getByRole("rowheader").textContent();
  return { item, name: (name ?? "").trim() };
}

async function clickFirstObserverAction(context: ScreenContext, action: string) {
  const { item, name } = await firstObserver(context);
  if (context.small) {
    await item.getByRole("button", { name: action }).click();
    return;
  }
  await item.getByRole("button", { name: context.labels.moreActionsFor(name) }).click();
  await context.page.getByRole("menuitem", { name: action }).click();
}

/** The answers lists: the demo's threads, newest first (the details pane settles with the loaders). */
const seeThreads = async ({ page }: ScreenContext) => {
  await page.getByTestId("answer-thread").first().waitFor();
};

/** The statistics page: its cards, and the coverage board under them. */
const seeStatistics = async ({ page }: ScreenContext) => {
  await page.getByTestId("statistic-as-of").first().waitFor();
  await page.getByTestId("coverage-as-of").waitFor();
};

const seeFormList = async ({ page }: ScreenContext) => {
  await page.locator("tbody tr").first().waitFor();
};

/** The editor with the demo's form A: its title filled and its last section on screen. */
const seeFormEditor = async ({ page }: ScreenContext) => {
  await expect.poll(() => page.locator("#form-description").inputValue()).not.toBe("");
  await page.locator("section").last().waitFor();
};

/** The activity log with the entries recordVisualActivity wrote. */
const seeAuditLog = async ({ page }: ScreenContext) => {
  await page.getByTestId("audit-what").first().waitFor();
};

async function seeDialog({ page }: ScreenContext) {
  await page.getByRole("dialog").waitFor();
}

/** Every route of src/app/route-table.tsx with the demo data, and the dialogs and menus that matter. */
export const SCREENS: Screen[] = [
  { name: "urgents", path: () => "/urgents", show: seeThreads },
  { name: "urgents-details", reload: true, path: ({ thread }) => `/urgents/details/${thread.observerId}/${thread.pollingStationId}`, show: seeThreads },
  { name: "answers", path: () => "/answers", show: seeThreads },
  { name: "answers-details", reload: true, path: ({ thread }) => `/answers/details/${thread.observerId}/${thread.pollingStationId}`, show: seeThreads },
  { name: "statistics", path: () => "/statistics", show: seeStatistics },
  {
    name: "statistics-complete-list",
    overlay: true,
    path: () => "/statistics",
    show: async (context) => {
      await seeStatistics(context);
      await context.page.getByTestId("statistic-card").first().getByRole("button").first().click();
      await seeDialog(context);
      await context.page.getByRole("dialog").getByTestId("statistic-as-of").waitFor();
    },
  },
  { name: "statistics-key", path: () => "/statistics/sesizari-judete", show: ({ page }) => page.getByTestId("statistic-as-of").waitFor() },
  { name: "statistics-unknown-key", path: () => "/statistics/county" },
  {
    name: "coverage-stations",
    path: ({ countyCode }) => `/statistics/coverage/${countyCode}/observed`,
    show: ({ page }) => page.getByTestId("coverage-as-of").waitFor(),
  },
  { name: "observers", path: () => "/observatori", show: seeObserverList },
  {
    name: "observers-row-menu",
    overlay: true,
    path: () => "/observatori",
    width: "wide",
    show: async (context) => {
      const { item, name } = await firstObserver(context);
      await item.getByRole("button", { name: context.labels.moreActionsFor(name) }).click();
      await context.page.getByRole("menu").waitFor();
    },
  },
  {
    name: "observers-reset-pin",
    overlay: true,
    path: () => "/observatori",
    show: async (context) => {
      await clickFirstObserverAction(context, context.labels.resetPassword);
      await seeDialog(context);
    },
  },
  {
    name: "observers-delete",
    overlay: true,
    path: () => "/observatori",
    show: async (context) => {
      await clickFirstObserverAction(context, context.labels.delete);
      await seeDialog(context);
    },
  },
  { name: "observer-new", path: () => "/observatori/profil/new" },
  { name: "observer-view", path: ({ observerId }) => `/observatori/profil/view/${observerId}`, show: seeFilledFirstField },
  { name: "observer-edit", reload: true, path: ({ observerId }) => `/observatori/profil/edit/${observerId}`, show: seeFilledFirstField },
  { name: "observer-import", path: () => "/observatori/import" },
  {
    name: "ngos",
    path: () => "/ong",
    show: ({ page, small }) => (small ? page.getByRole("listitem") : page.locator("tbody tr")).first().waitFor(),
  },
  { name: "ngo-new", path: () => "/ong/new" },
  { name: "ngo-view", path: ({ ngoId }) => `/ong/view/${ngoId}`, show: seeNgoProfile },
  { name: "ngo-edit", reload: true, path: ({ ngoId }) => `/ong/edit/${ngoId}`, show: seeNgoProfile },
  { name: "forms", path: () => "/formulare", show: seeFormList },
  { name: "form-new", path: () => "/formulare/nou", show: ({ page }) => page.locator("#form-description").waitFor() },
  { name: "form-edit", path: () => "/formulare/1", show: seeFormEditor },
  {
    name: "form-preview",
    reload: true,
    path: () => "/formulare/1",
    show: async (context) => {
      await seeFormEditor(context);
      await context.page.getByRole("tab").nth(1).click();
      await context.page.getByTestId("form-preview").waitFor();
    },
  },
  { name: "notifications", path: () => "/notifications" },
  { name: "audit", path: () => "/audit", show: seeAuditLog },
  {
    name: "audit-history",
    reload: true,
    path: ({ observerId }) => `/audit?subjectType=observer&subjectId=${observerId}`,
    show: async (context) => {
      await seeAuditLog(context);
      await context.page.getByTestId("audit-subject-filter").waitFor();
    },
  },
  {
    name: "rounds",
    path: () => "/tururi",
    show: async ({ page }) => {
      await page.getByTestId("round-card").nth(1).waitFor();
    },
  },
  {
    name: "round-new",
    path: () => "/tururi/nou?from=1",
    show: async ({ page }) => {
      await page.locator("input[type=date]").waitFor();
    },
  },
  { name: "not-found", path: () => "/no-such-page" },
  {
    name: "navigation-open",
    overlay: true,
    path: () => "/observatori",
    width: "small",
    show: async (context) => {
      await seeObserverList(context);
      await context.page.getByRole("button", { name: context.labels.openMenu }).click();
      await context.page.getByRole("navigation").getByRole("link").first().waitFor();
    },
  },
];
