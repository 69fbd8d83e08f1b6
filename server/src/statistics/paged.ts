import { sql, type Kysely, type RawBuilder } from "kysely";
import type { Database } from "../db/schema.ts";

export interface Paging {
  page: number;
  pageSize: number;
}

/**
 * One page of `rows` (a query of named columns) in `order`, its total and the database's time, in one statement, so
 * that `asOf` is the moment of the very snapshot the figures come from. An empty page still yields the total.
 * `reach`, a condition on `matching` (the rows), may leave out rows that cannot be on the page before they are sorted.
 */
export async function pageWithTotal<Row>(
  db: Kysely<Database>,
  rows: RawBuilder<unknown>,
  order: RawBuilder<unknown>,
  { page, pageSize }: Paging,
  reach: RawBuilder<unknown> = sql`true`,
): Promise<{ asOf: Date; totalItems: number; data: Row[] }> {
  const { rows: result } = await sql<Row & { asOf: Date; totalItems: number; onPage: boolean | null }>`
    WITH matching AS (${rows})
    SELECT statement_timestamp() AS as_of, (SELECT count(*) FROM matching)::int AS total_items, p.*
    FROM (SELECT 1) AS one
    LEFT JOIN LATERAL (
      SELECT true AS on_page, * FROM matching WHERE ${reach} ORDER BY ${order} LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}
    ) AS p ON true`.execute(db);
  const first = result[0]!;
  return {
    asOf: first.asOf,
    totalItems: first.totalItems,
    data: result.filter((row) => row.onPage).map(({ asOf: _asOf, totalItems: _total, onPage: _onPage, ...item }) => item as Row),
  };
}
