import type { Browser, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DELETE_DIALOG_WORDS } from "../pages/common";
import { confirmDialog, toasts } from "../pages/browser/common";
import { locate } from "../pages/browser/locate";
import { ngoList } from "../pages/browser/ngo-list";
import { eventually } from "../pages/locators";
import { ngoListControls } from "../pages/ngo-list";
import { openList, signIn } from "./support/session.ts";
import type { Account } from "./support/api.ts";
import { launchBrowser, openPage } from "./support/browser.ts";

const baseUrl = inject("baseUrl");
const organizer: Account = { user: "0700000001", password: "demo1234" };
const runTag = String(Date.now()).slice(-6);

async function createNgo(name: string): Promise<number> {
  const authorize = await fetch(`${baseUrl}/api/v2/access/authorize`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(organizer),
  });
  const { access_token: token } = (await authorize.json()) as { access_token: string };
  const response = await fetch(`${baseUrl}/api/v1/ngo`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ name, shortName: `DC${runTag}`, organizer: false, isActive: true }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** The mutations of the NGO list in Chromium: a double click is one request, whatever the user's mouse does. */
describe("mutations in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it("sends one request for a double click on a row action and one for a double click on a dialog's confirm", async () => {
    const ngoName = `Double Click ${runTag}`;
    const ngoId = await createNgo(ngoName);
    // With motion, a closing menu stays on screen for its transition, so the second click reaches the item as a user's would.
    const { page, errors, context } = await openPage(browser, baseUrl, { reducedMotion: "no-preference" });
    const writes: string[] = [];
    page.on("request", (request: Request) => {
      if (request.method() !== "GET" && new URL(request.url()).pathname.startsWith(`/api/v1/ngo/${ngoId}`)) {
        writes.push(`${request.method()} ${new URL(request.url()).pathname}`);
      }
    });
    const ngos = ngoList(page);
    const said = toasts(page);
    await signIn(page, organizer);
    await openList(page, "ngos");

    // The row menu's "Make inactive", clicked twice in a row: the double click is the test's own gesture.
    await ngos.openRowMenu(ngoName);
    const reloaded = page.waitForResponse((response) => response.request().method() === "GET" && new URL(response.url()).pathname === "/api/v1/ngo");
    await locate(page, ngoListControls().menuItem("Make inactive")).dblclick();
    await eventually(() => said.saying("The NGO is now inactive")).not.toEqual([]);
    // The list reloads after the answer, so a second PATCH sent by the double click would already be on record.
    await reloaded;
    await eventually(async () => (await ngos.row(ngoName))?.active).toBe(false);
    expect(writes).toEqual([`PATCH /api/v1/ngo/${ngoId}/status`]);

    // The delete dialog's confirm, clicked twice in a row.
    await ngos.chooseRowAction(ngoName, "Delete");
    const dialog = confirmDialog(page, DELETE_DIALOG_WORDS.en);
    await dialog.settled();
    await dialog.button("confirm").dblclick();
    await eventually(() => said.saying("The NGO has been deleted")).not.toEqual([]);
    await eventually(() => ngos.row(ngoName)).toBeNull();
    expect(writes).toEqual([`PATCH /api/v1/ngo/${ngoId}/status`, `DELETE /api/v1/ngo/${ngoId}`]);

    expect(errors).toEqual([]);
    await context.close();
  });
});
