import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

export interface ServerConfig {
  host: string;
  port: number;
  databaseUrl: string;
  dataDir: string;
  tokenSecret: Uint8Array;
  tokenTtlSeconds: number;
  staticDir: string | undefined;
  seed: boolean;
}

/**
 * Reads the environment. Without DATABASE_URL the embedded PGlite database lives in DATA_DIR/db.
 * Without TOKEN_SECRET a random one is kept in DATA_DIR so that restarts keep sessions.
 */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const dataDir = resolve(env.DATA_DIR ?? ".data");
  const staticDir = resolve(env.STATIC_DIR ?? "dist");
  return {
    host: env.HOST ?? "127.0.0.1",
    port: Number(env.PORT ?? 8080),
    databaseUrl: env.DATABASE_URL ?? `pglite:${join(dataDir, "db")}`,
    dataDir,
    tokenSecret: env.TOKEN_SECRET ? new TextEncoder().encode(env.TOKEN_SECRET) : persistentSecret(dataDir),
    tokenTtlSeconds: Number(env.TOKEN_TTL_SECONDS ?? 12 * 60 * 60),
    staticDir: existsSync(join(staticDir, "index.html")) ? staticDir : undefined,
    seed: env.SEED !== "false",
  };
}

function persistentSecret(dataDir: string): Uint8Array {
  const file = join(dataDir, "token-secret");
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
  }
  return new TextEncoder().encode(readFileSync(file, "utf8").trim());
}
