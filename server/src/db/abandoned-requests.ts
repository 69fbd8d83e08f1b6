import { AsyncLocalStorage } from "node:async_hooks";
import type { DatabaseConnection, Dialect, Driver } from "kysely";

/** The abort signal of the request being served, if any: set around each request by the app. */
export const requestSignal = new AsyncLocalStorage<AbortSignal>();

/** Thrown instead of running a query for a client that has gone away. */
export class RequestAbandonedError extends Error {
  constructor() {
    super("The client went away before its query ran.");
    this.name = "RequestAbandonedError";
  }
}

/**
 * Under a flood, requests queue for a connection (PGlite runs one query at a time; the pool has a few). A client
 * that gave up meanwhile must not cost the database anything: once its connection is acquired, a request whose
 * signal has aborted releases it unused, and every later query of that request is refused the same way.
 */
export function skipAbandonedRequests(dialect: Dialect): Dialect {
  return {
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver(): Driver {
      const driver = dialect.createDriver();
      return {
        init: (options) => driver.init(options),
        async acquireConnection(options): Promise<DatabaseConnection> {
          const connection = await driver.acquireConnection(options);
          if (requestSignal.getStore()?.aborted) {
            await driver.releaseConnection(connection);
            throw new RequestAbandonedError();
          }
          return connection;
        },
        beginTransaction: (connection, settings) => driver.beginTransaction(connection, settings),
        commitTransaction: (connection) => driver.commitTransaction(connection),
        rollbackTransaction: (connection) => driver.rollbackTransaction(connection),
        savepoint: driver.savepoint?.bind(driver),
        rollbackToSavepoint: driver.rollbackToSavepoint?.bind(driver),
        releaseSavepoint: driver.releaseSavepoint?.bind(driver),
        releaseConnection: (connection, options) => driver.releaseConnection(connection, options),
        destroy: (options) => driver.destroy(options),
      };
    },
  };
}
