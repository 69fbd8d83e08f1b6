// The live channel's reader for bench:scale, in a process of its own so that the 2,000 submitters' event loop
// cannot delay the moment an event is seen: one staff stream on /api/v1/live, and for each `thread` event a line
// "<event id> <observer id> <ms since the epoch when it arrived>" on stdout; "ready" once the stream is open.
// Usage: tsx load/bench/scale/live-reader.ts <server url> <bearer token>
import { performance } from "node:perf_hooks";
import type { LiveThreadEvent } from "../../../server/src/live/events.ts";
import { readSse } from "../../../server/src/live/sse-reader.ts";

const [url, token] = process.argv.slice(2);
const response = await fetch(`${url}/api/v1/live`, { headers: { authorization: `Bearer ${token}` } });
if (response.status !== 200) throw new Error(`the stream answered ${response.status}`);
const reader = readSse(response);
process.stdout.write("ready\n");
process.once("SIGTERM", () => void reader.cancel().then(() => process.exit(0)));
for (let event = await reader.next(3_600_000); event; event = await reader.next(3_600_000)) {
  if (event.event !== "thread") continue;
  const arrived = performance.timeOrigin + performance.now();
  const { idObserver } = JSON.parse(event.data) as LiveThreadEvent;
  process.stdout.write(`${event.id} ${idObserver} ${arrived.toFixed(1)}\n`);
}
