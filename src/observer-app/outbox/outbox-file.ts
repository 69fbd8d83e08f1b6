import type { OutboxItem } from "./outbox-item";

/** The file format staff import (POST /api/v1/observer-outbox/import): version 1. */
const OUTBOX_FILE_FORMAT = "vote-monitor-outbox";

/** A Blob as base64, for a JSON file. */
async function base64Of(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = "";
  for (let start = 0; start < bytes.length; start += 0x8000) binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return btoa(binary);
}

/** An item as the file keeps it: the note's photos as base64, everything else as it would be sent. */
async function fileItem(item: OutboxItem) {
  const { id, roundId, createdAt, urgent, payload } = item;
  if (payload.kind !== "note") return { id, roundId, createdAt, urgent, payload };
  const photos = await Promise.all(payload.photos.map(async (photo) => ({ name: photo.name, type: photo.blob.type || "image/jpeg", base64: await base64Of(photo.blob) })));
  return { id, roundId, createdAt, urgent, payload: { kind: payload.kind, body: payload.body, photos } };
}

/**
 * The file an observer hands to staff when the phone cannot send: every item the server does not have, with the id
 * it would have been sent with, so that an import after a later send (or a second import) adds nothing twice.
 */
export async function outboxFile(items: readonly OutboxItem[], phone: string, now: Date): Promise<{ name: string; blob: Blob }> {
  const unsent = await Promise.all(items.filter((item) => item.state !== "sent").map(fileItem));
  const content = { format: OUTBOX_FILE_FORMAT, version: 1, observerPhone: phone, savedAt: now.toISOString(), items: unsent };
  const stamp = now.toISOString().slice(0, 16).replace(/[-:T]/g, "");
  return { name: `outbox-${phone}-${stamp}.json`, blob: new Blob([JSON.stringify(content, null, 2)], { type: "application/json" }) };
}
