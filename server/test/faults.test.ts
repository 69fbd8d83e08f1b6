import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_ACCOUNTS } from "../src/demo/accounts.ts";
import { isDatabaseUnavailable } from "../src/problem.ts";
import { createContractChecker } from "./contract-check.ts";
import { blockedBackends, createFreshDatabase, signIn, startServerProcess, waitFor, type ServerProcess } from "./faults-support.ts";

/**
 * Faults on the real server process over PostgreSQL: a SIGKILL while an import, an answers batch or a form save is
 * mid-transaction leaves all or nothing, and a database connection lost mid-request answers a 503 problem.
 *
 * Each kill lands deterministically: the test holds a lock that the request's transaction needs only after it has
 * written rows, waits (polling pg_stat_activity) until the server's backend is blocked on it, then kills the server.
 */
const postgresUrl = inject("postgresUrl");
if (!postgresUrl) console.warn("No PostgreSQL cluster for the tests: the fault tests are skipped.");

// Three of the import's INSERT batches (1,000 rows each): two are written when the third waits on the test's lock.
const IMPORT_ROWS = 2_500;
const ANSWERS = 1_000;

describe.skipIf(!postgresUrl)("faults on PostgreSQL", () => {
  let database: Awaited<ReturnType<typeof createFreshDatabase>>;
  let server: ServerProcess;
  /** The test's own session: counts and locks. */
  let sql: pg.Client;
  /** Another session to watch pg_stat_activity: in a transaction (the one holding a lock) it would not change. */
  let watch: pg.Client;

  beforeAll(async () => {
    database = await createFreshDatabase(postgresUrl);
    server = await startServerProcess(database.url, { seed: true });
    sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    watch = new pg.Client({ connectionString: database.url });
    await watch.connect();
  }, 60_000);

  afterAll(async () => {
    await sql?.end();
    await watch?.end();
    await server?.stop();
    await database?.drop();
  });

  const count = async (query: string, values: unknown[] = []) => Number((await sql.query<{ n: string }>(query, values)).rows[0]!.n);
  const admin = (index: 0 | 1) => signIn(server.url, "/api/v2/access/authorize", { user: DEMO_ACCOUNTS[index].user, password: DEMO_ACCOUNTS[index].password });

  it("hashes admin passwords at scrypt 2^15, whatever the tests use: the server's own composition chooses the cost", async () => {
    const { rows } = await sql.query<{ password_hash: string }>("SELECT password_hash FROM ngo_admin");
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    const created = await fetch(`${server.url}/api/v1/ngo/1/admins`, {
      method: "POST",
      headers: { authorization: `Bearer ${await admin(0)}`, "content-type": "application/json" },
      body: JSON.stringify({ account: "0799999999", password: "a long secret" }),
    });
    expect(created.status).toBe(201);
    const { rows: [added] } = await sql.query<{ password_hash: string }>("SELECT password_hash FROM ngo_admin WHERE account = '0799999999'");
    expect(added!.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
  });

  /**
   * Sends `send()` while the test holds a lock (taken by `lock`, released by `unlock`), waits until the request's
   * transaction is blocked on it having written to `wrote`, kills the server and starts it again.
   */
  async function killMidTransaction(
    send: () => Promise<Response>,
    { lock, unlock, statement, wrote }: { lock: string[]; unlock: string; statement: string; wrote: string },
  ) {
    for (const statementText of lock) await sql.query(statementText);
    let answered: string | undefined;
    const inFlight = send().then(
      async (response) => (answered = `answered ${response.status}: ${await response.text()}`),
      () => "no answer",
    );
    try {
      // An import hashes its PINs before its transaction: on a machine busy with other suites that alone
      // can take longer than waitFor's usual 20 s.
      await waitFor(`the server's transaction to block on ${statement}`, async () => {
        if (answered) throw new Error(`The request was ${answered.slice(0, 500)}`);
        return blockedBackends(watch, database.name, statement, wrote);
      }, 90_000);
      await server.kill();
    } finally {
      await sql.query(unlock);
    }
    // The request got no answer: it was cut off between its body and its answer.
    expect(await inFlight).toBe("no answer");
    server = await startServerProcess(database.url, { seed: false });
  }

  it("keeps none of an import killed mid-transaction, and takes the whole file again", async () => {
    const token = await admin(1);
    const phones = Array.from({ length: IMPORT_ROWS }, (_, index) => `0788${String(index).padStart(6, "0")}`);
    const file = `Phone,Pin,Name\n${phones.map((phone, index) => `${phone},${1000 + (index % 9000)},Fault Observer ${index}`).join("\n")}\n`;
    const upload = () => {
      const form = new FormData();
      form.append("file", new File([file], "observers.csv", { type: "text/csv" }));
      return fetch(`${server.url}/api/v1/observer/import`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
    };
    const imported = () => count(`SELECT count(*) AS n FROM observer WHERE phone LIKE '0788%' AND deleted_at IS NULL`);
    expect(await imported()).toBe(0);

    // An uncommitted row with the file's last phone: the import's last INSERT waits on it, the others done.
    await killMidTransaction(upload, {
      lock: ["BEGIN", `INSERT INTO observer (ngo_id, phone, name, pin_hash) VALUES (1, '${phones.at(-1)}', 'Lock', 'x')`],
      unlock: "ROLLBACK",
      statement: 'insert into "observer"%',
      wrote: "observer",
    });

    expect(await imported()).toBe(0);
    const again = await upload();
    expect(again.status).toBe(200);
    expect(await imported()).toBe(IMPORT_ROWS);
  }, 180_000);

  it("keeps none of an answers batch killed mid-transaction, and takes the whole batch again", async () => {
    const token = await admin(0);
    const created = await fetch(`${server.url}/api/v1/observer`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "Fault Batch", phone: "0799111222", pin: "4321" }),
    });
    expect(created.ok).toBe(true);
    const observerId = await count(`SELECT id AS n FROM observer WHERE phone = '0799111222' AND deleted_at IS NULL`);
    const observer = await signIn(server.url, "/api/v2/access/observer", { phone: "0799111222", pin: "4321" });

    // Every published question of the national forms (a diaspora form is answered abroad only), with one of its fixed options, at as many stations of the largest county as needed.
    const { rows: questions } = await sql.query<{ questionId: number; optionId: number }>(
      `SELECT q.id AS "questionId", min(o.id) AS "optionId" FROM question q
         JOIN form_section s ON s.id = q.section_id JOIN form f ON f.id = s.form_id
         JOIN question_option o ON o.question_id = q.id AND NOT o.is_free_text
        WHERE f.election_round_id = 1 AND NOT f.draft AND NOT f.diaspora GROUP BY q.id ORDER BY q.id`,
    );
    const { rows: [county] } = await sql.query<{ code: string; stations: number }>(
      `SELECT c.code, count(*)::int AS stations FROM county c JOIN polling_station s ON s.county_id = c.id AND s.status = 'active'
        GROUP BY c.code ORDER BY stations DESC LIMIT 1`,
    );
    const stationsNeeded = Math.ceil(ANSWERS / questions.length);
    expect(county!.stations).toBeGreaterThanOrEqual(stationsNeeded);
    const answers = Array.from({ length: ANSWERS }, (_, index) => {
      const { questionId, optionId } = questions[index % questions.length]!;
      return { questionId, countyCode: county!.code, pollingStationNumber: 1 + Math.floor(index / questions.length), options: [{ optionId }] };
    });
    const submit = () =>
      fetch(`${server.url}/api/v1/answers`, {
        method: "POST",
        headers: { authorization: `Bearer ${observer}`, "content-type": "application/json" },
        body: JSON.stringify({ answers }),
      });
    const stored = () => count(`SELECT count(*) AS n FROM answer WHERE observer_id = $1`, [observerId]);
    expect(await stored()).toBe(0);

    // record_live_events, the batch's last step, appends to live_event after every answer is written: a share lock
    // on that table holds the transaction there (before its COMMIT is sent).
    await killMidTransaction(submit, {
      lock: ["BEGIN", "LOCK TABLE live_event IN SHARE MODE"],
      unlock: "ROLLBACK",
      statement: "%record_live_events%",
      wrote: "answer",
    });

    expect(await stored()).toBe(0);
    expect((await submit()).status).toBe(204);
    expect(await stored()).toBe(ANSWERS);
  }, 60_000);

  it("keeps none of a form save killed mid-transaction, and saves the whole tree again", async () => {
    const token = await admin(0);
    const form = {
      code: "FAULT",
      description: "A form saved while the server is killed",
      diaspora: false,
      draft: true,
      formSections: Array.from({ length: 10 }, (_, s) => ({
        code: `S${s}`,
        description: `Section ${s}`,
        questions: Array.from({ length: 30 }, (_, q) => ({
          code: `Q${s}.${q}`,
          text: `Question ${q} of section ${s}`,
          questionType: 0,
          optionsToQuestions: Array.from({ length: 4 }, (_, o) => ({ text: `Option ${o}` })),
        })),
      })),
    };
    const save = () =>
      fetch(`${server.url}/api/v1/form`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify(form),
      });
    const questions = () =>
      count(`SELECT count(*) AS n FROM question q JOIN form_section s ON s.id = q.section_id JOIN form f ON f.id = s.form_id WHERE f.code = 'FAULT'`);
    const forms = () => count(`SELECT count(*) AS n FROM form WHERE code = 'FAULT'`);

    // The options come last: the form, its sections and its questions are written when their INSERT waits.
    await killMidTransaction(save, {
      lock: ["BEGIN", "LOCK TABLE question_option IN EXCLUSIVE MODE"],
      unlock: "ROLLBACK",
      statement: '%insert into "question_option"%',
      wrote: "question",
    });

    expect([await forms(), await questions()]).toEqual([0, 0]);
    expect((await save()).status).toBe(201);
    expect([await forms(), await questions()]).toEqual([1, 300]);
  }, 60_000);

  it("answers a 503 problem when the database drops the connection mid-request, and serves the next request", async () => {
    const token = await admin(0);
    const list = () => fetch(`${server.url}/api/v1/observer?PageSize=100`, { headers: { authorization: `Bearer ${token}` } });

    // The list waits on the test's lock; terminating its backend is what a database restart does to it (57P01).
    await sql.query("BEGIN");
    await sql.query("LOCK TABLE observer IN ACCESS EXCLUSIVE MODE");
    const pending = list();
    try {
      const pids = await waitFor("the list to wait on the lock", () => blockedBackends(watch, database.name, '%from "observer"%'));
      for (const pid of pids) await sql.query("SELECT pg_terminate_backend($1)", [pid]);
      const response = await pending;
      await createContractChecker()("GET", "/api/v1/observer", response.clone());
      expect(response.status).toBe(503);
      expect(response.headers.get("content-type")).toBe("application/problem+json");
      expect(response.headers.get("retry-after")).toBe("5");
      expect(await response.json()).toMatchObject({ status: 503, code: "unavailable", type: "urn:problem:unavailable" });
    } finally {
      await sql.query("ROLLBACK");
    }
    expect((await list()).status).toBe(200);
  }, 30_000);

  it("recognises a database that refuses connections as unavailable", async () => {
    const unreachable = new pg.Client({ connectionString: "postgres://postgres@127.0.0.1:1/none", connectionTimeoutMillis: 2_000 });
    const error = await unreachable.connect().then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(new Error("syntax error"))).toBe(false);
  });
});
