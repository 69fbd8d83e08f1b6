import "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** Admin URL of a throwaway PostgreSQL 15 cluster, or "" when PostgreSQL's binaries are absent. */
    postgresUrl: string;
  }
}
