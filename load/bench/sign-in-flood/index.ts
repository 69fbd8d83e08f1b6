// Serves the product (embedded database, demo data) in its own process and floods it with 50 concurrent admin
// sign-ins (50 accounts, so the per-account limit never refuses them before their password is hashed), while one client keeps asking GET /api/v2/access/me and another the observers list: prints their
// latency with and without the flood. Target: /me p95 under 100 ms during the flood.
import { startServer } from "../../../tests/e2e/support/server-process.ts";
import { describeLoad, runLoad } from "../../support/latency.ts";

const SECONDS = Number(process.env.SECONDS ?? 10);
const FLOOD = 50;

const server = await startServer();
const json = { "content-type": "application/json" };
const signInAs = (user: string, password: string) =>
  fetch(`${server.url}/api/v2/access/authorize`, { method: "POST", headers: json, body: JSON.stringify({ user, password }) });
const signIn = () => signInAs("0700000001", "demo1234");

try {
  const { access_token: token } = (await (await signIn()).json()) as { access_token: string };
  const authorization = { authorization: `Bearer ${token}` };
  const me = () => fetch(`${server.url}/api/v2/access/me`, { headers: authorization });
  const list = () => fetch(`${server.url}/api/v1/observer?Page=1&PageSize=20`, { headers: authorization });

  for (let index = 0; index < FLOOD; index++) {
    const created = await fetch(`${server.url}/api/v1/ngo/1/admins`, {
      method: "POST",
      headers: { ...json, ...authorization },
      body: JSON.stringify({ account: `flood-${index}`, password: "flood-password" }),
    });
    if (created.status !== 201) throw new Error(`adding admin flood-${index} answered ${created.status}`);
  }
  let next = 0;
  const floodSignIn = () => signInAs(`flood-${next++ % FLOOD}`, "flood-password");

  const [quietMe, quietList] = await Promise.all([runLoad({ connections: 1, seconds: SECONDS }, me), runLoad({ connections: 1, seconds: SECONDS }, list)]);
  console.log(`quiet    /me:            ${describeLoad(quietMe)}`);
  console.log(`quiet    observers list: ${describeLoad(quietList)}`);

  const [flood, floodMe, floodList] = await Promise.all([
    runLoad({ connections: FLOOD, seconds: SECONDS }, floodSignIn, (response) => response.status === 200),
    runLoad({ connections: 1, seconds: SECONDS }, me),
    runLoad({ connections: 1, seconds: SECONDS }, list),
  ]);
  console.log(`flood    sign-ins (${FLOOD} connections): ${describeLoad(flood)}`);
  console.log(`flood    /me:            ${describeLoad(floodMe)}`);
  console.log(`flood    observers list: ${describeLoad(floodList)}`);
  console.log(`target: /me p95 < 100 ms during the flood: ${floodMe.p95 < 100 ? "met" : "NOT met"}`);
} finally {
  await server.stop();
}
