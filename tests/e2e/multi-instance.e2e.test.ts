import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { postgresBinDir } from "../support/postgres-cluster.ts";
import { productApi, type Account } from "./support/api.ts";
import { launchBrowser, openPage } from "./support/browser.ts";
import { demoDatabaseEnv } from "./support/e2e-database.ts";
import { hasNginx, nginxBinary, startNginx, type AccessLogLine, type RunningNginx } from "./support/nginx.ts";
import { startServer, type RunningServer } from "./support/server-process.ts";
import { signIn } from "./support/session.ts";

const organizer: Account = { user: "0700000001", password: "demo1234" };
const ngoAdmin: Account = { user: "0700000002", password: "demo1234" };
const stem = `0797${String(Date.now()).slice(-5)}`;

// The browser tests' cluster (global-setup.ts), "" where PostgreSQL is not installed.
const clusterUrl = inject("e2ePostgresUrl");
const missing = [!hasNginx() && `nginx (${nginxBinary})`, !clusterUrl && `PostgreSQL (${postgresBinDir}/initdb)`].filter(Boolean);
// Locally a missing tool skips this file; CI installs both (.ci/run), so there a missing one is a failure.
const mustRun = Boolean(process.env.CI || process.env.REQUIRE_POSTGRES);
const skipped = missing.length > 0 && !mustRun;
if (skipped) console.warn(`multi-instance journey skipped: ${missing.join(" and ")} not installed (CI installs both).`);

interface Form {
  formSections: { questions: { id: number; optionsToQuestions: { idOption: number; flagged: boolean }[] }[] }[];
}

const post = (body: unknown): RequestInit => ({ method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

describe.skipIf(skipped)("two instances behind nginx", () => {
  const instances: RunningServer[] = [];
  let nginx: RunningNginx | undefined;
  let browser: Browser | undefined;
  let dataDir = "";

  beforeAll(async () => {
    if (missing.length > 0) throw new Error(`CI needs ${missing.join(" and ")} for the multi-instance journey`);
    dataDir = mkdtempSync(join(tmpdir(), "vm-multi-"));
    // Same database, same token key, same attachments directory: what a deployment shares between instances.
    const { DATABASE_URL } = await demoDatabaseEnv(clusterUrl, "vote_monitor");
    const shared = { DATABASE_URL, DATA_DIR: dataDir, TRUST_PROXY: "loopback" };
    instances.push(await startServer({ ...shared, SEED: "true" }));
    instances.push(await startServer({ ...shared, SEED: "false" }));
    nginx = await startNginx(instances.map((instance) => new URL(instance.url).host));
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await nginx?.stop();
    for (const instance of instances) await instance.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const base = () => nginx!.url;
  const upstreams = () => instances.map((instance) => new URL(instance.url).host);
  const served = (line: AccessLogLine, method: string, path: string) => line.method === method && line.path.startsWith(path);

  async function call(path: string, token: string, init: RequestInit = {}) {
    const response = await fetch(new URL(path, base()), { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });
    expect(response.status, `${init.method ?? "GET"} ${path}`).toBeLessThan(300);
    return response;
  }

  /** A new observer, signed in as the phone app would, flags one answer at a Sibiu station: a new urgent thread. */
  async function reportUrgent(staffToken: string, number: number) {
    const phone = `${stem}${number}`;
    await call("/api/v1/observer", staffToken, post({ name: `Observator Multi ${number}`, phone, pin: "4321", sendSMS: false, ngoId: 1 }));
    const signedIn = await fetch(new URL("/api/v2/access/observer", base()), post({ phone, pin: "4321" }));
    const token = ((await signedIn.json()) as { access_token: string }).access_token;
    const forms = (await (await call("/api/v1/form?draft=false", token)).json()) as { formVersions: { id: number }[] };
    const form = (await (await call(`/api/v1/form/${forms.formVersions[0].id}`, token)).json()) as Form;
    const question = form.formSections.flatMap((section) => section.questions).find((candidate) => candidate.optionsToQuestions.some((option) => option.flagged))!;
    const flagged = question.optionsToQuestions.find((option) => option.flagged)!;
    const answer = { questionId: question.id, countyCode: "SB", pollingStationNumber: number, options: [{ optionId: flagged.idOption }] };
    await call("/api/v1/answers", token, post({ answers: [answer] }));
  }

  /** The instances that served the reports so far, in order; nginx logs a request once it is answered. */
  const reportServers = () => nginx!.accessLog().filter((line) => served(line, "POST", "/api/v1/answers")).map((line) => line.upstream);

  it("serves one journey through both instances: a report through either reaches the open page live", async () => {
    const staffToken = await productApi(base()).tokenFor(organizer);
    await reportUrgent(staffToken, 1);
    const { page, context, errors } = await openPage(browser!, base());
    await signIn(page, organizer, `/urgents?observerPhoneNumber=${stem}`);
    const threads = (on: Page) => on.getByTestId("answer-thread");
    await expect.poll(() => threads(page).count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => page.getByText("Live", { exact: true }).count()).toBeGreaterThan(0);

    // Round-robin: reports alternate between the instances; go on until each has served one after the page opened.
    const bar = page.getByTestId("arrivals-bar");
    const before = reportServers().length;
    let arrived = 0;
    while (new Set(reportServers().slice(before)).size < 2) {
      expect(arrived, "reports went to one instance only").toBeLessThan(6);
      await reportUrgent(staffToken, 2 + arrived);
      arrived += 1;
      const expected = arrived === 1 ? "1 new thread" : `${arrived} new threads`;
      await expect.poll(() => bar.textContent(), { timeout: 2_000 }).toContain(expected);
      await expect.poll(() => reportServers().length).toBe(before + arrived);
    }
    await bar.click();
    await expect.poll(() => threads(page).count()).toBe(1 + arrived);
    expect(errors).toEqual([]);
    await context.close();

    // Each instance served a report that arrived live, so one of them reached the page through the instance that
    // does not hold its stream. The stream's line is logged when it ends, once the page is closed.
    const streams = () => nginx!.accessLog().filter((line) => served(line, "GET", "/api/v1/live"));
    await expect.poll(() => streams().length).toBeGreaterThan(0);
    const streamHolders = new Set(streams().map((line) => line.upstream));

    const perInstance = upstreams().map((upstream) => nginx!.accessLog().filter((line) => line.upstream === upstream).length);
    console.log(`requests served per instance: ${perInstance.join(" / ")}; ${arrived} live reports; stream held by ${[...streamHolders].join(", ")}`);
    for (const count of perInstance) expect(count).toBeGreaterThan(10);
  });

  it("shares the sign-in throttle: 11 wrong passwords for one account over both instances, the 11th is 429", async () => {
    const wrong = { user: ngoAdmin.user, password: "not-the-password" };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const response = await fetch(new URL("/api/v2/access/authorize", base()), post(wrong));
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429]);

    // Neither instance saw 11 attempts: only a count both share can have refused the 11th.
    const attempts = () => nginx!.accessLog().filter((line) => served(line, "POST", "/api/v2/access/authorize") && line.status !== 200);
    await expect.poll(() => attempts().length).toBe(11);
    const byInstance = upstreams().map((upstream) => attempts().filter((line) => line.upstream === upstream).length);
    for (const count of byInstance) expect(count).toBeGreaterThan(0);
    console.log(`wrong passwords per instance: ${byInstance.join(" / ")}`);
  });
});
