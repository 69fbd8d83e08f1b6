import type { BlockList } from "node:net";
import type { Kysely } from "kysely";
import type { SignInThrottle } from "./auth/sign-in-throttle.ts";
import type { TokenConfig } from "./auth/token.ts";
import type { Engine } from "./db/database.ts";
import type { Database } from "./db/schema.ts";
import type { FileStore } from "./files/file-store.ts";
import type { LiveHub } from "./live/hub.ts";
import type { NotificationDelivery } from "./notifications/provider.ts";

// What the server runs with (main.ts builds it, and the tests' harness), handed to every handler. It names what
// live/, notifications/ and files/ provide, so it sits at the top of server/src: in http/handler.ts it made http/ and
// live/ import each other.
export interface AppConfig {
  token: TokenConfig;
  version: string;
  /** The built SPA to serve next to the API, if any. */
  staticDir?: string;
  /** Proxies whose X-Forwarded-For names the client (TRUST_PROXY); without them the socket's address does. */
  trustedProxies?: BlockList;
  /** Where staff reach the product (PUBLIC_URL), the start of every absolute link; http://127.0.0.1:8080 when absent. */
  publicUrl?: string;
  /** log2 of scrypt's N for admin passwords: PASSWORD_COST in production; tests choose a cheap one. */
  passwordCost: number;
}

export interface AppDependencies {
  db: Kysely<Database>;
  engine: Engine;
  files: FileStore;
  clock: () => Date;
  config: AppConfig;
  signInThrottle: SignInThrottle;
  /** Push delivery; without it notifications are recorded to the outbox and nothing pushes them. */
  notifications?: NotificationDelivery;
  /** The live events' hub (LISTEN on the database); without it the event stream answers 501. */
  live?: LiveHub;
}
