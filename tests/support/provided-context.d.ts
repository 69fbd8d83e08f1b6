import "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** Admin URL of a throwaway PostgreSQL 15 cluster, or "" when PostgreSQL's binaries are absent. */
    postgresUrl: string;
    /** The migrated, empty PGlite data directory (a tar) the web project's test server loads (test-server.ts). */
    testDatabaseDump: string;
    /** Where the server tests keep their PGlite dumps, one per seed (server/test/seed-templates.ts). */
    seedCacheDir: string;
  }
}
