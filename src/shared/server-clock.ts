import { useEffect, useState } from "react";

/**
 * Ages on a triage screen are measured on the server's clock, never the browser's (a laptop's clock may be minutes
 * off): a response's `serverTime` and the moment it arrived give the offset to add to `Date.now()`.
 */
export const serverOffset = (serverTime: string, receivedAt: number) => Date.parse(serverTime) - receivedAt;

/** The server's time now, as estimated through `offsetMs`, updated every `everyMs`. */
export function useServerNow(offsetMs: number, everyMs = 10_000): number {
  const [localNow, setLocalNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setLocalNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return localNow + offsetMs;
}

/** Whole minutes from an instant to `now` (0 for an instant in the future). */
export const minutesSince = (iso: string, now: number) => Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
