import type { components } from "../../../openapi/schema.d.ts";

export type LiveThreadEvent = components["schemas"]["LiveThreadEvent"];

/**
 * What the live connection emits to its listeners: a thread changed (`id` is the stream's sequence number), or `reset`: events may
 * have been missed (the server could not resume, or a reconnect had nothing to resume from), so reload what you show.
 */
export type LiveEvent = { type: "thread"; id: number; event: LiveThreadEvent } | { type: "reset" };

/** The connection as the header shows it. */
export type LiveStatus = "connecting" | "live" | "reconnecting" | "offline";
