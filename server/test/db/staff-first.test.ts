import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../src/db/database.ts";
import { observerReports } from "../../src/db/staff-first.ts";

describe("the embedded database's staff-first lanes", () => {
  it("serves a staff query that arrives behind observers' reports before them, and the reports in their order", async () => {
    const database = await openDatabase("pglite:memory");
    const { db } = database;
    try {
      const order: string[] = [];
      let letGo = () => {};
      const held = new Promise<void>((resolve) => (letGo = resolve));
      let began = () => {};
      const running = new Promise<void>((resolve) => (began = resolve));
      // A report's transaction holds the one connection while the others arrive.
      const first = observerReports.run(true, () =>
        db.transaction().execute(async (trx) => {
          await sql`SELECT 1`.execute(trx);
          began();
          await held;
        }),
      );
      await running;
      const query = (name: string) => sql`SELECT 1`.execute(db).then(() => void order.push(name));
      const reports = [1, 2, 3].map((n) => observerReports.run(true, () => query(`report ${n}`)));
      const staff = query("staff");
      letGo();
      await Promise.all([first, staff, ...reports]);
      expect(order).toEqual(["staff", "report 1", "report 2", "report 3"]);
    } finally {
      await database.close();
    }
  });
});
