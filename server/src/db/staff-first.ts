import { AsyncLocalStorage } from "node:async_hooks";
import { PGliteAdapter, PGliteDialect, type DatabaseConnection, type Driver } from "kysely";

/** Set around the requests that carry observers' reports (answers, notes, arrivals): on PGlite they yield to staff. */
export const observerReports = new AsyncLocalStorage<true>();

/**
 * PGlite runs one query or transaction at a time, and Kysely hands its one connection out in arrival order: 75
 * observer batches a second kept the staff's reads 2 s behind them. Here the connection is handed out by lane
 * instead: staff requests and the server's own work first, observers' reports whenever none of those waits. Every
 * report still runs, in its own order; only staff stop queueing behind them.
 */
export class StaffFirstPGliteDialect extends PGliteDialect {
  override createAdapter() {
    return new OneConnectionByLane();
  }

  override createDriver(): Driver {
    return handOutByLane(super.createDriver());
  }
}

/** Kysely's own one-connection lock would queue every caller first: this driver holds the lock instead. */
class OneConnectionByLane extends PGliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

interface Lanes {
  /** Resolves when the caller may use the connection; `report`: an observer's report, served after the others. */
  take(report: boolean): Promise<void>;
  give(): void;
}

function createLanes(): Lanes {
  let taken = false;
  const first: Array<() => void> = [];
  const reports: Array<() => void> = [];
  return {
    take: (report) =>
      new Promise((resolve) => {
        if (!taken) {
          taken = true;
          resolve();
        } else (report ? reports : first).push(resolve);
      }),
    give() {
      const next = first.shift() ?? reports.shift();
      if (next) next();
      else taken = false;
    },
  };
}

function handOutByLane(driver: Driver): Driver {
  const lanes = createLanes();
  return {
    init: (options) => driver.init(options),
    async acquireConnection(options): Promise<DatabaseConnection> {
      await lanes.take(observerReports.getStore() === true);
      try {
        return await driver.acquireConnection(options);
      } catch (error) {
        lanes.give();
        throw error;
      }
    },
    async releaseConnection(connection, options) {
      try {
        await driver.releaseConnection(connection, options);
      } finally {
        lanes.give();
      }
    },
    beginTransaction: (connection, settings) => driver.beginTransaction(connection, settings),
    commitTransaction: (connection) => driver.commitTransaction(connection),
    rollbackTransaction: (connection) => driver.rollbackTransaction(connection),
    savepoint: driver.savepoint?.bind(driver),
    rollbackToSavepoint: driver.rollbackToSavepoint?.bind(driver),
    releaseSavepoint: driver.releaseSavepoint?.bind(driver),
    destroy: (options) => driver.destroy(options),
  };
}
