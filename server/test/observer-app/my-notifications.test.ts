import { sql } from "kysely";
import { describe, expect } from "vitest";
import type { components } from "../../../openapi/schema.d.ts";
import { expectProblem, serverTests, type SignedInServer } from "../fixtures.ts";
import { createObserver, type Reporters } from "../fixtures/reports-fixture.ts";
import { engines } from "../harness.ts";
import { openRound } from "../rounds/next-round.ts";

type MyNotification = components["schemas"]["MyNotification"];

const tests = serverTests({ observers: 30 });
const ROUND = 3;

describe.each(engines)("listMyNotifications on %s", (engine) => {
  const it = tests[engine];
  let api = {} as SignedInServer;
  let own = {} as Reporters["own"];
  let other = {} as Reporters["other"];

  /** Sends as `admin` to the observers, or to every observer in the admin's scope; the notification's id. */
  const send = async (admin: string, title: string, recipients: number[] | "all", roundId = 1) => {
    const path = recipients === "all" ? "/api/v1/notification/send/all" : "/api/v1/notification/send";
    const body = { channel: "Firebase", from: "Centrala", title, message: `Mesaj: ${title}`, ...(recipients === "all" ? {} : { recipients }) };
    const response = await api.send("POST", `${path}?electionRoundId=${roundId}`, admin, body);
    expect(response.status).toBe(202);
    api.server.clock.advance(60);
    return ((await response.json()) as { id: number }).id;
  };
  const mine = async (token: string, query = "") => {
    const response = await api.get(`/api/v1/my/notifications${query}`, token);
    expect(response.status).toBe(200);
    return ((await response.json()) as { notifications: MyNotification[] }).notifications;
  };
  const titles = (notifications: MyNotification[]) => notifications.map((notification) => notification.title);

  let first = 0;
  it.beforeAll(async ({ api: signedIn }) => {
    api = signedIn;
    own = await createObserver(api, api.organizer, "0799380001");
    other = await createObserver(api, api.ngo2Admin, "0799380002");
    await openRound(api.db(), ROUND);
    await api.db().updateTable("electionRound").set({ electionDay: "2020-01-01" }).where("id", "=", ROUND).execute();

    first = await send(api.organizer, "Deschiderea", [own.id]);
    await send(api.ngo2Admin, "Doar pentru ONG 2", [other.id]);
    await send(api.ngo2Admin, "Tuturor din ONG 2", "all");
    await send(api.organizer, "În runda a treia", [own.id], ROUND);
    await send(api.organizer, "Închiderea", [own.id, other.id]);
  });

  it("lists the caller's notifications of the round, newest first, as title, body and time", async () => {
    const sentAt = (await api.db().selectFrom("notification").select("sentAt").where("id", "=", first).executeTakeFirstOrThrow()).sentAt;
    const notifications = await mine(own.token);
    expect(titles(notifications)).toEqual(["Închiderea", "Deschiderea"]);
    expect(notifications[1]).toEqual({ id: first, title: "Deschiderea", body: "Mesaj: Deschiderea", sentAt: sentAt.toISOString() });
  });

  it("never lists a notification the caller did not receive, whoever else did", async () => {
    expect(titles(await mine(other.token))).toEqual(["Închiderea", "Tuturor din ONG 2", "Doar pentru ONG 2"]);
  });

  it("lists only the asked round's notifications", async () => {
    expect(titles(await mine(own.token, `?electionRoundId=${ROUND}`))).toEqual(["În runda a treia"]);
  });

  it("with `after`, lists only the newer ones", async () => {
    expect(titles(await mine(own.token, `?after=${first}`))).toEqual(["Închiderea"]);
    const [newest] = await mine(own.token);
    expect(await mine(own.token, `?after=${newest!.id}`)).toEqual([]);
  });

  it("lists at most the 100 newest", async () => {
    const busy = await createObserver(api, api.organizer, "0799380003");
    // 101 notifications written directly: sending each through the API would only make this slower.
    await sql`
      WITH sent AS (
        INSERT INTO notification (election_round_id, title, message, channel, sender_from, sender_ngo_id, sent_at, audience)
        SELECT 1, 'Nr. ' || n, 'Mesaj', 'Firebase', 'Centrala', 1, ${api.server.clock.now}, 'selected' FROM generate_series(1, 101) AS n
        RETURNING id)
      INSERT INTO notification_recipient (notification_id, observer_id, status) SELECT id, ${busy.id}, 'no_device' FROM sent`.execute(api.db());
    const notifications = await mine(busy.token);
    expect(notifications).toHaveLength(100);
    expect([notifications[0]!.title, notifications[99]!.title]).toEqual(["Nr. 101", "Nr. 2"]);
  });

  it("is the observers' alone: staff are refused with 403", async () => {
    await expectProblem(await api.get("/api/v1/my/notifications", api.organizer), 403, "forbidden");
  });
});
