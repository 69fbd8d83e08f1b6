import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "kysely";
import type { DatabaseHandle } from "../../../server/src/db/database.ts";
import type { MeasuredServer } from "../../support/server.ts";

/*
 * The XLSX export at election-day size: the threads whose latest answer is before a cut-off chosen so that about
 * `answers` answers are exported (the export's own `to` filter), streamed to the last byte while the server's
 * resident memory is sampled from /proc every 20 ms.
 */

export interface ExportFigures {
  to: string;
  answers: number;
  threads: number;
  seconds: number;
  bytes: number;
  rssBefore: number;
  rssPeak: number;
}

/**
 * The earliest `to` whose threads of the round hold at least `answers` answers (deleted observers' included, as the
 * export does).
 */
export async function exportCutOff(database: DatabaseHandle, round: number, answers: number): Promise<{ to: string; answers: number; threads: number }> {
  const { rows } = await sql<{ to: Date; answers: number; threads: number }>`
    WITH per_thread AS (
      SELECT t.last_modified, sum(x.answer_count) AS answers
      FROM answer_thread t JOIN answer_tally x ON x.observer_id = t.observer_id AND x.polling_station_id = t.polling_station_id
      WHERE t.election_round_id = ${round}
      GROUP BY t.observer_id, t.polling_station_id, t.last_modified
    ), running AS (
      SELECT last_modified, sum(answers) OVER w AS answers, count(*) OVER w AS threads FROM per_thread
      WINDOW w AS (ORDER BY last_modified)
    )
    SELECT last_modified AS to, answers::int, threads::int FROM running WHERE answers >= ${answers} ORDER BY last_modified LIMIT 1`.execute(database.db);
  const row = rows[0];
  return { to: row.to.toISOString(), answers: row.answers, threads: row.threads };
}

export async function measureExport(server: MeasuredServer, headers: Record<string, string>, cutOff: { to: string; answers: number; threads: number }): Promise<ExportFigures> {
  return { ...cutOff, ...(await measureDownload(server, headers, `/api/v1/export/all?to=${encodeURIComponent(cutOff.to)}`)) };
}

/** One download streamed to its last byte (an export, a round's archive), the server's resident memory sampled every 20 ms. */
export async function measureDownload(server: MeasuredServer, headers: Record<string, string>, path: string) {
  await sleep(1000);
  const rssBefore = server.rss();
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, server.rss())), 20);
  const started = performance.now();
  const response = await fetch(`${server.url}${path}`, { headers });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  let bytes = 0;
  for await (const chunk of response.body!) bytes += (chunk as Uint8Array).length;
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  return { seconds, bytes, rssBefore, rssPeak: Math.max(rssPeak, server.rss()) };
}
