import type { PushProviderName } from "../db/schema.ts";
import type { WebPushSender } from "./web-push.ts";

/** One push: a registered device and what it shows (title and body both). */
export interface PushMessage {
  token: string;
  title: string;
  body: string;
}

/**
 * What became of one push. `gone`: the provider says the device token is dead (it is retired); `failed` with
 * `transient`: worth trying again later; `not_pushed`: recorded only, no provider is configured.
 */
export type PushOutcome =
  | { kind: "sent" }
  | { kind: "not_pushed" }
  | { kind: "gone"; reason: string }
  | { kind: "failed"; reason: string; transient: boolean };

/** Delivers push notifications; `send` answers one outcome per message, in the same order. */
export interface PushProvider {
  name: PushProviderName;
  /** The most messages `send` takes at once. */
  batchLimit: number;
  send(messages: PushMessage[]): Promise<PushOutcome[]>;
}

/** The provider when none is configured: every push is recorded as not pushed, so the product works out of the box. */
export const outboxProvider: PushProvider = {
  name: "outbox",
  batchLimit: 1000,
  send: (messages) => Promise.resolve(messages.map(() => ({ kind: "not_pushed" }))),
};

/**
 * One recipient's outcome from its channels (the provider's device, each Web Push subscription): sent when any
 * delivered, else a failure worth retrying, else the first other failure, else not pushed; none without a channel.
 */
export function recipientOutcome(outcomes: PushOutcome[]): PushOutcome | undefined {
  return (
    outcomes.find((outcome) => outcome.kind === "sent") ??
    outcomes.find((outcome) => outcome.kind === "failed" && outcome.transient) ??
    outcomes.find((outcome) => outcome.kind === "failed" || outcome.kind === "gone") ??
    outcomes[0]
  );
}

/** What the API needs of delivery, built at the composition root: the provider, and a way to start the fan-out. */
export interface NotificationDelivery {
  provider: PushProvider;
  /** Web Push to the observers' web app; absent when it is off (WEB_PUSH=off). */
  webPush?: WebPushSender;
  /** Called once recipients are queued. */
  wake: () => void;
}
