import { sql, type Kysely } from "kysely";
import type { Database, RecipientStatus } from "../db/schema.ts";
import { recipientOutcome, type PushOutcome, type PushProvider } from "./provider.ts";
import type { WebPushSender } from "./web-push.ts";
import { liveSubscriptions, retireSubscriptions, type LiveSubscription } from "./web-push-subscriptions.ts";

export interface FanOutOptions {
  db: Kysely<Database>;
  provider: PushProvider;
  /** Web Push to each recipient's live subscriptions as well; none when it is off. */
  webPush?: WebPushSender;
  clock: () => Date;
  /** Recipients claimed at once (capped by the provider's own batch limit). */
  batchSize?: number;
  /** Pushes tried per recipient before a transient failure counts as final. */
  maxAttempts?: number;
  /** Back-off before retrying a transient failure, times the attempts made. */
  retrySeconds?: number;
  /** How long a claim is held: a worker that dies mid-batch leaves its recipients to another after this. */
  leaseSeconds?: number;
  /** How often an idle worker looks for work that `wake` did not announce (retries, other instances' sends). */
  pollMilliseconds?: number;
}

/** The background delivery of queued recipients. `drain` runs it to completion now (tests, benchmarks). */
export interface FanOut {
  /** Pushes one claimed batch; answers how many recipients it settled (0: nothing due). */
  runBatch: () => Promise<number>;
  /** Runs batches until nothing is due; answers how many recipients were settled. */
  drain: () => Promise<number>;
  start: () => void;
  stop: () => Promise<void>;
  /** New recipients are queued: an idle worker starts at once instead of at its next poll. */
  wake: () => void;
}

interface Claimed {
  notificationId: number;
  observerId: number;
  attempts: number;
  title: string;
  message: string;
  channel: string;
  token: string | null;
}

interface Settled {
  notificationId: number;
  observerId: number;
  status: RecipientStatus;
  reason: string | null;
  nextAttemptAt: Date | null;
}

export function createFanOut(options: FanOutOptions): FanOut {
  const { db, provider, webPush, clock } = options;
  const batchSize = Math.min(options.batchSize ?? 500, provider.batchLimit);
  const maxAttempts = options.maxAttempts ?? 3;
  const retrySeconds = options.retrySeconds ?? 30;
  const leaseSeconds = options.leaseSeconds ?? 300;
  const pollMilliseconds = options.pollMilliseconds ?? 5_000;

  async function runBatch(): Promise<number> {
    const now = clock();
    const claimed = await claim(db, now, batchSize, leaseSeconds);
    if (claimed.length === 0) return 0;
    const withToken = claimed.filter((row) => row.token !== null);
    const toBrowsers = webPush ? await browserPushes(db, claimed) : [];
    const [outcomes, browserOutcomes] = await Promise.all([
      provider.send(withToken.map((row) => ({ token: row.token!, title: row.title, body: row.message }))),
      webPush ? webPush.send(toBrowsers.map(({ row, subscription }) => ({ ...subscription, payload: payloadOf(row) }))) : [],
    ]);
    const channels = new Map<Claimed, PushOutcome[]>();
    const add = (row: Claimed, outcome: PushOutcome) => channels.set(row, [...(channels.get(row) ?? []), outcome]);
    withToken.forEach((row, index) => add(row, outcomes[index]!));
    toBrowsers.forEach(({ row }, index) => add(row, browserOutcomes[index]!));
    const settled = claimed.map((row) => settle(row, recipientOutcome(channels.get(row) ?? []), now, { maxAttempts, retrySeconds }));
    const gone = withToken.filter((_row, index) => outcomes[index]!.kind === "gone");
    const goneBrowsers = toBrowsers.flatMap(({ subscription }, index) => {
      const outcome = browserOutcomes[index]!;
      return outcome.kind === "gone" ? [{ subscription, reason: outcome.reason }] : [];
    });
    await db.transaction().execute(async (trx) => {
      await record(trx, settled, now);
      await retire(trx, gone);
      await retireSubscriptions(trx, goneBrowsers, now);
    });
    return claimed.length;
  }

  async function drain(): Promise<number> {
    let total = 0;
    for (let settledNow = await runBatch(); settledNow > 0; settledNow = await runBatch()) total += settledNow;
    return total;
  }

  let running: Promise<void> | undefined;
  let stopped = true;
  let rouse: (() => void) | undefined;

  async function loop() {
    while (!stopped) {
      let settledNow = 0;
      try {
        settledNow = await runBatch();
      } catch (error) {
        console.error("Notification fan-out:", error);
      }
      if (settledNow === 0 && !stopped) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pollMilliseconds);
          rouse = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        rouse = undefined;
      }
    }
  }

  return {
    runBatch,
    drain,
    start() {
      if (!stopped) return;
      stopped = false;
      running = loop();
    },
    async stop() {
      stopped = true;
      rouse?.();
      await running;
    },
    wake: () => rouse?.(),
  };
}

/**
 * Takes up to `limit` due recipients for this worker: FOR UPDATE SKIP LOCKED lets concurrent workers (other
 * instances) take other rows, and the lease in next_attempt_at keeps them off these until it expires. Counting the
 * attempt here bounds retries even for a worker that dies mid-batch. The rows are matched by ctid (they are locked,
 * so it cannot change): right after a large send the table's statistics are stale, and a join on the key then got
 * a plan that read every recipient of the notification once per claimed row.
 */
async function claim(db: Kysely<Database>, now: Date, limit: number, leaseSeconds: number): Promise<Claimed[]> {
  const lease = new Date(now.getTime() + leaseSeconds * 1000);
  const { rows } = await sql<Claimed>`
    WITH due AS (
      SELECT ctid, notification_id, observer_id FROM notification_recipient
      WHERE status = 'queued' AND (next_attempt_at IS NULL OR next_attempt_at <= ${now})
      ORDER BY notification_id, observer_id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    UPDATE notification_recipient r SET attempts = r.attempts + 1, next_attempt_at = ${lease}
    FROM due
      JOIN notification n ON n.id = due.notification_id
      LEFT JOIN notification_registration g ON g.observer_id = due.observer_id AND g.channel_name = n.channel
    WHERE r.ctid = due.ctid
    RETURNING r.notification_id, r.observer_id, r.attempts, n.title, n.message, n.channel, g.token`.execute(db);
  return rows;
}

/** One push per claimed recipient and live Web Push subscription of theirs. */
async function browserPushes(db: Kysely<Database>, claimed: Claimed[]): Promise<{ row: Claimed; subscription: LiveSubscription }[]> {
  const byObserver = new Map<number, LiveSubscription[]>();
  for (const subscription of await liveSubscriptions(db, [...new Set(claimed.map((row) => row.observerId))])) {
    byObserver.set(subscription.observerId, [...(byObserver.get(subscription.observerId) ?? []), subscription]);
  }
  return claimed.flatMap((row) => (byObserver.get(row.observerId) ?? []).map((subscription) => ({ row, subscription })));
}

const payloadOf = (row: Claimed) => ({ title: row.title, body: row.message, notificationId: row.notificationId });

function settle(row: Claimed, outcome: PushOutcome | undefined, now: Date, retry: { maxAttempts: number; retrySeconds: number }): Settled {
  const key = { notificationId: row.notificationId, observerId: row.observerId };
  // The device was unregistered (or the subscriptions retired) between recording and pushing.
  if (!outcome) return { ...key, status: "no_device", reason: null, nextAttemptAt: null };
  switch (outcome.kind) {
    case "sent":
    case "not_pushed":
      return { ...key, status: outcome.kind, reason: null, nextAttemptAt: null };
    case "gone":
      return { ...key, status: "failed", reason: outcome.reason, nextAttemptAt: null };
    case "failed":
      if (outcome.transient && row.attempts < retry.maxAttempts) {
        const nextAttemptAt = new Date(now.getTime() + retry.retrySeconds * row.attempts * 1000);
        return { ...key, status: "queued", reason: null, nextAttemptAt };
      }
      return { ...key, status: "failed", reason: outcome.reason, nextAttemptAt: null };
  }
}

/** One UPDATE for the whole batch. */
async function record(trx: Kysely<Database>, settled: Settled[], now: Date): Promise<void> {
  const values = settled.map(
    (row) =>
      sql`(${row.notificationId}::int, ${row.observerId}::int, ${row.status}::text, ${row.reason}::text, ${row.nextAttemptAt}::timestamptz)`,
  );
  await sql`
    UPDATE notification_recipient r
    SET status = v.status, reason = v.reason, next_attempt_at = v.next_attempt_at, updated_at = ${now}
    FROM (VALUES ${sql.join(values)}) AS v (notification_id, observer_id, status, reason, next_attempt_at)
    WHERE r.notification_id = v.notification_id AND r.observer_id = v.observer_id AND r.status = 'queued'`.execute(trx);
}

/** Dead device tokens are forgotten, unless the observer registered a new one meanwhile. */
async function retire(trx: Kysely<Database>, gone: Claimed[]): Promise<void> {
  if (gone.length === 0) return;
  const pairs = gone.map((row) => sql`(${row.observerId}::int, ${row.channel}::text, ${row.token}::text)`);
  await sql`
    DELETE FROM notification_registration g
    USING (VALUES ${sql.join(pairs)}) AS dead (observer_id, channel_name, token)
    WHERE g.observer_id = dead.observer_id AND g.channel_name = dead.channel_name AND g.token = dead.token`.execute(trx);
}
