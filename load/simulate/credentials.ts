// Whom npm run simulate signs in as: the demo seed's observers, or observers an admin creates through the API.
import { planSeed } from "../../server/src/demo/plan.ts";
import { expectOk, type Api } from "../support/api.ts";

export interface Credentials { phone: string; pin: string }

/** The seed's default size (server/src/main.ts seeds 200 observers on a first embedded start). */
const DEMO_SEED_OBSERVERS = 200;
const INACTIVE_DEMO_NGO = 3;

/**
 * The demo seed's observers who can sign in (not deleted, NGO active). Their PINs are not secret: the seed derives
 * them from the observer's position, so the plan gives them back without asking the server.
 */
export function demoObservers(count: number): Credentials[] {
  const usable = planSeed(DEMO_SEED_OBSERVERS).observers.filter((observer) => observer.deletedAt === null && observer.ngo !== INACTIVE_DEMO_NGO);
  if (count > usable.length) {
    throw new Error(`The demo seed has ${usable.length} observers who can sign in; for more, let an admin create them: --admin phone:password`);
  }
  return usable.slice(0, count).map(({ phone, pin }) => ({ phone, pin }));
}

/** Simulation observers have phones of their own (0799…), so they never collide with real or demo ones. */
const simulatedPhone = (index: number) => `0799${String(index + 1).padStart(6, "0")}`;
const simulatedPin = (index: number) => String(1000 + ((index * 7919) % 9000));

/**
 * Observers created by an admin through the API (for a server without the demo seed). The phones and PINs are
 * derived from the position, so a second run finds the first run's observers (409 duplicate_phone) and reuses them.
 */
export async function adminCreatedObservers(api: Api, count: number): Promise<Credentials[]> {
  const created: Credentials[] = [];
  for (let index = 0; index < count; index++) {
    const credentials = { phone: simulatedPhone(index), pin: simulatedPin(index) };
    const result = await api.POST("/api/v1/observer", { body: { ...credentials, name: `Observator Simulat ${index + 1}`, sendSMS: false } });
    if (result.response.status !== 409) expectOk("createObserver", result);
    created.push(credentials);
  }
  return created;
}

/** An admin's token, from `--admin user:password`. */
export async function adminToken(api: Api, admin: string): Promise<string> {
  const separator = admin.indexOf(":");
  if (separator < 1) throw new Error("--admin must be user:password");
  const body = { user: admin.slice(0, separator), password: admin.slice(separator + 1) };
  return expectOk("authorize", await api.POST("/api/v2/access/authorize", { body })).access_token;
}
