import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashSecret, PASSWORD_COST } from "../../src/auth/password.ts";
import { listen } from "../../src/http/listen.ts";
import { parseTrustedProxies } from "../../src/http/client-address.ts";
import { bothEngines, startTestServer, type TestServer } from "../harness.ts";

const authorizeInit = (user: string, password: string, headers: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify({ user, password }),
});

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe.each(bothEngines)("sign-in hardening on %s", (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    // Production's cost for admin passwords: an unknown account's decoy and a burst of sign-ins cost what they do
    // on election day, or the timings below would prove nothing.
    server = await startTestServer(engine, { observers: 30, config: { passwordCost: PASSWORD_COST } });
  });
  afterAll(() => server.close());

  const authorize = (user: string, password: string) => server.app.request("/api/v2/access/authorize", authorizeInit(user, password));
  const signInObserver = (phone: string, pin: string) =>
    server.app.request("/api/v2/access/observer", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ phone, pin }),
    });

  it("checks at most 10 of 300 concurrent guesses at one account, the right one included", async () => {
    const guesses = Array.from({ length: 300 }, (_, index) => (index === 150 ? "demo1234" : `wrong-${index}`));
    const statuses = await Promise.all(guesses.map(async (password) => (await authorize("0700000002", password)).status));
    const checked = statuses.filter((status) => status !== 429);
    expect(checked.length).toBeGreaterThan(0);
    expect(checked.length).toBeLessThanOrEqual(10);
    expect(checked.every((status) => status === 401 || status === 200)).toBe(true);
    expect(statuses.filter((status) => status === 429)).toHaveLength(300 - checked.length);
    server.clock.advance(15 * 60 + 1);
  });

  it("never locks a known account's right password out because others on its address mistyped", async () => {
    // 150 mistyped PINs from one address (observers behind one carrier NAT or load balancer).
    for (let index = 0; index < 150; index++) await signInObserver(`07990${String(index).padStart(5, "0")}`, "0000");
    let response = await authorize("0700000002", "demo1234");
    if (response.status === 429) {
      // Slowed, not locked: the wait is the slow mode's spacing, never the 15-minute window.
      const wait = Number(response.headers.get("retry-after"));
      expect(wait).toBeLessThanOrEqual(2);
      server.clock.advance(wait);
      response = await authorize("0700000002", "demo1234");
    }
    expect(response.status).toBe(200);
    server.clock.advance(15 * 60 + 1);
  });

  it("refuses an unknown phone as slowly as a wrong PIN, so timing does not tell who is an observer", async () => {
    const observer = await server.handle.db.selectFrom("observer").select("phone").where("deletedAt", "is", null).orderBy("id").executeTakeFirstOrThrow();
    const attempt = async (phone: string) => {
      const started = performance.now();
      const response = await signInObserver(phone, "0000");
      expect(response.status).toBe(401);
      server.clock.advance(15 * 60 + 1); // keep the account limit out of the way
      return performance.now() - started;
    };
    await attempt("0799999999"); // the decoy is made on first use
    const unknown: number[] = [];
    const wrongPin: number[] = [];
    for (let round = 0; round < 9; round++) {
      unknown.push(await attempt("0799999999"));
      wrongPin.push(await attempt(observer.phone));
    }
    // Before the fix the unknown phone was checked against an admin-cost decoy: 5–20 times slower.
    expect(median(unknown)).toBeLessThan(3 * median(wrongPin) + 5);
  });

  it("answers who a token belongs to while a burst of sign-ins is still hashing", async () => {
    const token = await server.signIn("0700000001", "demo1234");
    // 16 admins signing in at once (one account each, so no per-account limit refuses them before hashing).
    const passwordHash = await hashSecret("demo1234", PASSWORD_COST);
    const accounts = Array.from({ length: 16 }, (_, index) => `burst-${engine}-${index}`);
    await server.handle.db.insertInto("ngoAdmin").values(accounts.map((account) => ({ ngoId: 1, account, passwordHash }))).execute();
    const order: string[] = [];
    let firstSignedIn!: () => void;
    const hashing = new Promise<void>((resolve) => (firstSignedIn = resolve));
    const signIns = accounts.map(async (account) => {
      const response = await server.app.request("/api/v2/access/authorize", authorizeInit(account, "demo1234"));
      order.push(`sign-in ${response.status}`);
      firstSignedIn();
    });
    await hashing; // one hash is done, the others are queued or running
    await server.request("/api/v2/access/me", { token }).then((response) => order.push(`me ${response.status}`));
    await Promise.all(signIns);
    expect(order.filter((entry) => entry === "sign-in 200")).toHaveLength(16);
    // Before the fix the token check queued on the thread pool behind the remaining hashes.
    expect(order.indexOf("me 200")).toBeGreaterThanOrEqual(1);
    expect(order.indexOf("me 200")).toBeLessThanOrEqual(3);
  });
});

describe("client addresses behind a trusted proxy", () => {
  let server: TestServer;
  let url: string;
  let close: () => void;
  beforeAll(async () => {
    server = await startTestServer("pglite", { observers: 30, config: { trustedProxies: parseTrustedProxies("loopback") } });
    const listening = await listen(server.app, { hostname: "127.0.0.1", port: 0 });
    url = `http://127.0.0.1:${listening.address.port}`;
    close = () => listening.server.close();
  });
  afterAll(async () => {
    close();
    await server.close();
  });

  const authorize = (user: string, password: string, forwardedFor: string) =>
    fetch(`${url}/api/v2/access/authorize`, authorizeInit(user, password, { "x-forwarded-for": forwardedFor }));
  const signInObserver = (phone: string, forwardedFor: string) =>
    fetch(`${url}/api/v2/access/observer`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor },
      body: JSON.stringify({ phone, pin: "0000" }),
    });

  it("counts failures per client named by the proxy, so one client's mistakes do not slow another", async () => {
    for (let index = 0; index < 110; index++) await signInObserver(`07980${String(index).padStart(5, "0")}`, "203.0.113.7");
    const slowed = await Promise.all([1, 2, 3].map(() => signInObserver("0799800001", "203.0.113.7")));
    expect(slowed.map((response) => response.status)).toContain(429);
    expect((await authorize("0700000001", "demo1234", "198.51.100.20")).status).toBe(200);
  });
});
