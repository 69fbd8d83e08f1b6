import { build } from "vite";
import type { TestProject } from "vitest/node";
import { startServer } from "./server-process.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Base URL of the real server serving the freshly built SPA. */
    baseUrl: string;
  }
}

/** Builds the SPA once and serves it with the real server, as `npm start` does. */
export default async function setup(project: TestProject) {
  await build({ logLevel: "warn" });
  const server = await startServer();
  project.provide("baseUrl", server.url);
  return () => server.stop();
}
