import { build } from "vite";
import type { TestProject } from "vitest/node";
import { demoDatabaseEnv, startE2ePostgres } from "./e2e-database.ts";
import { startServer } from "./server-process.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Base URL of the real server serving the freshly built SPA. */
    baseUrl: string;
  }
}

/** Builds the SPA and the observers' app once and serves them with the real server (on PostgreSQL where installed, see e2e-database.ts). */
export default async function setup(project: TestProject) {
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build: test what ships.
  const testEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await build({ mode: "production", logLevel: "warn" });
    // The observers' app after the back-office: the back-office's build empties dist/, the app's own dist/observer.
    await build({ configFile: "vite.observer.config.ts", mode: "production", logLevel: "warn" });
  } finally {
    process.env.NODE_ENV = testEnv;
  }
  const cluster = await startE2ePostgres();
  const clusterUrl = cluster?.url ?? "";
  project.provide("e2ePostgresUrl", clusterUrl);
  const server = await startServer(await demoDatabaseEnv(clusterUrl, "journeys"));
  project.provide("baseUrl", server.url);
  return async () => {
    await server.stop();
    cluster?.stop();
  };
}
