import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import type { BlockList } from "node:net";
import { join, resolve } from "node:path";
import { parseTrustedProxies } from "./http/client-address.ts";
import type { ServiceAccount } from "firebase-admin/app";
import type { FirebaseCredentials } from "./notifications/firebase.ts";
import type { S3Settings } from "./files/s3-file-store.ts";
import { checkVapidKeys, type VapidKeys } from "./notifications/vapid.ts";

export interface ServerConfig {
  host: string;
  port: number;
  databaseUrl: string;
  dataDir: string;
  tokenSecret: Uint8Array;
  tokenTtlSeconds: number;
  staticDir: string | undefined;
  seed: boolean;
  /** Where staff reach the product, without a trailing slash: the start of every absolute link the server writes. */
  publicUrl: string;
  trustedProxies: BlockList | undefined;
  /** Push through Firebase Cloud Messaging with these credentials; without them notifications go to the outbox. */
  firebase: FirebaseCredentials | undefined;
  /** Attachments go to this S3-compatible bucket; without it to DATA_DIR/files. */
  s3: S3Settings | undefined;
  /** Web Push to the observers' web app, unless WEB_PUSH=off. */
  webPush: WebPushSettings;
}

/**
 * Web Push on, with the VAPID pair of the environment, or (`keys` undefined) the pair generated at the first start
 * and kept in the database, which every instance on it shares; or off.
 */
export type WebPushSettings = { kind: "on"; subject: string; keys: VapidKeys | undefined } | { kind: "off" };

/**
 * Reads the environment. Without DATABASE_URL the embedded PGlite database lives in DATA_DIR/db.
 * Without TOKEN_SECRET a random one is kept in DATA_DIR so that restarts keep sessions.
 * SEED: `true`/`false`; by default demo data is seeded on an empty embedded database only.
 * PUBLIC_URL: the product's address as staff open it (`https://votemonitor.example.org`); by default http://HOST:PORT.
 * FIREBASE_SERVICE_ACCOUNT (the service account's JSON, or a path to it) or GOOGLE_APPLICATION_CREDENTIALS turn on
 * Firebase Cloud Messaging.
 * S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (all four, or none) store attachments in S3-compatible
 * object storage, at S3_ENDPOINT when it is not AWS, with S3_FORCE_PATH_STYLE `true` for servers that need it.
 * WEB_PUSH `off` turns Web Push off; VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (both, or neither: a pair is then made
 * once and kept in the database) sign the pushes, with VAPID_SUBJECT (mailto: or https:) as the contact, by default
 * PUBLIC_URL.
 */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const dataDir = resolve(env.DATA_DIR ?? ".data");
  const staticDir = resolve(env.STATIC_DIR ?? "dist");
  const databaseUrl = env.DATABASE_URL || `pglite:${join(dataDir, "db")}`;
  const host = env.HOST ?? "127.0.0.1";
  const port = Number(env.PORT ?? 8080);
  const address = publicUrl(env.PUBLIC_URL?.trim() || `http://${host.includes(":") ? `[${host}]` : host}:${port}`);
  return {
    host,
    port,
    databaseUrl,
    dataDir,
    tokenSecret: env.TOKEN_SECRET ? new TextEncoder().encode(env.TOKEN_SECRET) : persistentSecret(dataDir),
    tokenTtlSeconds: Number(env.TOKEN_TTL_SECONDS ?? 12 * 60 * 60),
    staticDir: existsSync(join(staticDir, "index.html")) ? staticDir : undefined,
    // Demo data (with its well-known demo passwords) only where it is a demo: the embedded database. A PostgreSQL
    // deployment starts empty and gets its first organizer from `npm run admin:create`.
    seed: env.SEED === undefined ? databaseUrl.startsWith("pglite:") : env.SEED === "true",
    publicUrl: address,
    trustedProxies: env.TRUST_PROXY ? parseTrustedProxies(env.TRUST_PROXY) : undefined,
    firebase: firebaseCredentials(env),
    s3: s3Settings(env),
    webPush: webPushSettings(env, address),
  };
}

// web-push refuses another subject; an http PUBLIC_URL is a developer's machine, whose pushes reach no one else.
const DEVELOPMENT_SUBJECT = "mailto:web-push@localhost";

/** Half a key pair, or a subject push services refuse, stops the server at start rather than every push later. */
function webPushSettings(env: NodeJS.ProcessEnv, publicAddress: string): WebPushSettings {
  const value = (name: string) => env[name]?.trim() || undefined;
  const mode = value("WEB_PUSH") ?? "on";
  if (mode !== "on" && mode !== "off") throw new Error("WEB_PUSH must be `on` or `off`.");
  if (mode === "off") return { kind: "off" };
  const publicKey = value("VAPID_PUBLIC_KEY");
  const privateKey = value("VAPID_PRIVATE_KEY");
  if ((publicKey === undefined) !== (privateKey === undefined)) {
    throw new Error(`${publicKey ? "VAPID_PUBLIC_KEY" : "VAPID_PRIVATE_KEY"} is set alone: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY both, or neither.`);
  }
  const keys = publicKey && privateKey ? checkVapidKeys({ publicKey, privateKey }) : undefined;
  const subject = value("VAPID_SUBJECT");
  if (subject !== undefined && !/^(mailto|https):$/.test(URL.parse(subject)?.protocol ?? "")) {
    throw new Error(`VAPID_SUBJECT is neither a mailto: address nor an https URL: ${subject}`);
  }
  return { kind: "on", keys, subject: subject ?? (publicAddress.startsWith("https:") ? publicAddress : DEVELOPMENT_SUBJECT) };
}

/**
 * Links in exports are opened later, by whoever receives the file: they must point at the configured address, never
 * at the Host header of the request that made the file, which any client chooses.
 */
function publicUrl(value: string): string {
  const url = URL.parse(value);
  if (!url || !/^https?:$/.test(url.protocol) || url.username || url.password || url.search || url.hash) {
    throw new Error(`PUBLIC_URL is not an absolute http(s) URL without credentials, query or fragment: ${value}`);
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
}

const S3_REQUIRED = ["S3_BUCKET", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;
const S3_OPTIONAL = ["S3_ENDPOINT", "S3_FORCE_PATH_STYLE"] as const;

/** All or nothing: half an S3 configuration would otherwise put attachments on the local disk without a word. */
function s3Settings(env: NodeJS.ProcessEnv): S3Settings | undefined {
  const value = (name: string) => env[name]?.trim() || undefined;
  const given = [...S3_REQUIRED, ...S3_OPTIONAL].filter((name) => value(name) !== undefined);
  if (given.length === 0) return undefined;
  const missing = S3_REQUIRED.filter((name) => value(name) === undefined);
  if (missing.length > 0) {
    throw new Error(`S3 storage is partly configured (${given.join(", ")}): set ${missing.join(", ")} too, or none of the S3_ variables.`);
  }
  const pathStyle = value("S3_FORCE_PATH_STYLE") ?? "false";
  if (pathStyle !== "true" && pathStyle !== "false") throw new Error("S3_FORCE_PATH_STYLE must be `true` or `false`.");
  const endpoint = value("S3_ENDPOINT");
  if (endpoint !== undefined && !/^https?:$/.test(URL.parse(endpoint)?.protocol ?? "")) {
    throw new Error(`S3_ENDPOINT is not an http(s) URL: ${endpoint}`);
  }
  return {
    bucket: value("S3_BUCKET")!,
    region: value("S3_REGION")!,
    accessKeyId: value("S3_ACCESS_KEY_ID")!,
    secretAccessKey: value("S3_SECRET_ACCESS_KEY")!,
    endpoint,
    forcePathStyle: pathStyle === "true",
  };
}

/** Read at start-up, so that a wrong path or malformed JSON stops the server instead of its first push. */
function firebaseCredentials(env: NodeJS.ProcessEnv): FirebaseCredentials | undefined {
  const account = env.FIREBASE_SERVICE_ACCOUNT?.trim();
  if (account) {
    const text = account.startsWith("{") ? account : readFileSync(account, "utf8");
    try {
      return { kind: "serviceAccount", serviceAccount: JSON.parse(text) as ServiceAccount };
    } catch {
      throw new Error("FIREBASE_SERVICE_ACCOUNT is neither a service account's JSON nor the path of one.");
    }
  }
  return env.GOOGLE_APPLICATION_CREDENTIALS ? { kind: "applicationDefault" } : undefined;
}

function persistentSecret(dataDir: string): Uint8Array {
  const file = join(dataDir, "token-secret");
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
  }
  return new TextEncoder().encode(readFileSync(file, "utf8").trim());
}
