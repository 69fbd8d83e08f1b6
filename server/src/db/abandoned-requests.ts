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
 * Under a flood, requests queue for a connection (the pool has a few; PGlite one, behind Kysely's mutex). A client
 * that gave up meanwhile must not cost the database anything: when its turn comes, each query of a request whose
 * signal has aborted is refused before it reaches the database, and the connection goes back unused.
 */
export function skipAbandonedRequests(dialect: Dialect): Dialect {
  return {
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: () => abandonableDriver(dialect.createDriver()),
  };
}

function abandonableDriver(driver: Driver): Driver {
  // The driver's own methods need its own connection objects (PGlite's carry private state).
  const inner = new WeakMap<DatabaseConnection, DatabaseConnection>();
  const unwrap = (connection: DatabaseConnection) => inner.get(connection) ?? connection;
  const wrap = (connection: DatabaseConnection): DatabaseConnection => {
    const wrapped: DatabaseConnection = {
      executeQuery(query) {
        if (requestSignal.getStore()?.aborted) return Promise.reject(new RequestAbandonedError());
        return connection.executeQuery(query);
      },
      streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
    };
    inner.set(wrapped, connection);
    return wrapped;
  };
  return {
    init: (options) => driver.init(options),
    acquireConnection: async (options) => wrap(await driver.acquireConnection(options)),
    beginTransaction: (connection, settings) => driver.beginTransaction(unwrap(connection), settings),
    commitTransaction: (connection) => driver.commitTransaction(unwrap(connection)),
    rollbackTransaction: (connection) => driver.rollbackTransaction(unwrap(connection)),
    savepoint: driver.savepoint && ((connection, name, compile) => driver.savepoint!(unwrap(connection), name, compile)),
    rollbackToSavepoint: driver.rollbackToSavepoint && ((connection, name, compile) => driver.rollbackToSavepoint!(unwrap(connection), name, compile)),
    releaseSavepoint: driver.releaseSavepoint && ((connection, name, compile) => driver.releaseSavepoint!(unwrap(connection), name, compile)),
    releaseConnection: (connection, options) => driver.releaseConnection(unwrap(connection), options),
    destroy: (options) => driver.destroy(options),
  };
}
