import type { BrowserContext } from "playwright-core";
import { expect } from "vitest";
import type { RunningServer } from "../support/server-process.ts";
import type { DemoIds } from "./screens.ts";

/** Calls the served API as the organizer and expects `status`; answers the JSON body, if any. */
async function call(server: RunningServer, token: string, method: string, path: string, body: unknown, status: number): Promise<unknown> {
  const response = await fetch(new URL(path, server.url), {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, `${method} ${path}`).toBe(status);
  return response.status === 204 ? null : ((await response.json()) as unknown);
}

/**
 * Staff actions for the activity log's screenshots that leave every other screen as it was: an observer added,
 * renamed and deleted (gone, so unlinked), a demo observer's PIN reset (linked), and the partner NGO's short name
 * changed and changed back.
 */
export async function recordVisualActivity(server: RunningServer, token: string, ids: DemoIds) {
  const added = (await call(server, token, "POST", "/api/v1/observer", { name: "Ioana Vizual", phone: "0799000001", pin: "1234" }, 201)) as { id: number };
  await call(server, token, "PUT", "/api/v1/observer", { idObserver: added.id, name: "Ioana Vizualescu", phone: "0799000001" }, 200);
  await call(server, token, "DELETE", `/api/v1/observer?id=${added.id}`, undefined, 204);

  const observers = (await call(server, token, "GET", `/api/v1/observer?id=${ids.observerId}`, undefined, 200)) as { data: { phone: string }[] };
  await call(server, token, "POST", "/api/v1/observer/reset", { action: "reset-password", phoneNumber: observers.data[0]?.phone, pin: "2468" }, 204);

  const ngo = (await call(server, token, "GET", `/api/v1/ngo/${ids.ngoId}`, undefined, 200)) as { name: string; shortName: string; organizer: boolean; isActive: boolean };
  const update = (shortName: string) => ({ idNgo: ids.ngoId, name: ngo.name, shortName, organizer: ngo.organizer, isActive: ngo.isActive });
  await call(server, token, "PUT", "/api/v1/ngo", update(`${ngo.shortName}-X`), 200);
  await call(server, token, "PUT", "/api/v1/ngo", update(ngo.shortName), 200);
}

/**
 * The server stamps entries with its real clock: the screenshots show them at fixed times before the page's frozen
 * one instead (every 7 minutes, newest first), so the dates and the "… ago" under them read the same on every run.
 */
export async function freezeAuditTimes(context: BrowserContext, now: Date) {
  await context.route(/\/api\/v1\/audit\?/, async (route) => {
    const response = await route.fetch();
    const page = (await response.json()) as { page: number; pageSize: number; data: Record<string, unknown>[] };
    const before = (page.page - 1) * page.pageSize;
    const data = page.data.map((entry, index) => ({ ...entry, at: new Date(now.getTime() - (before + index + 1) * 7 * 60_000).toISOString() }));
    await route.fulfill({ response, json: { ...page, data } });
  });
}
