/**
 * Ages on a triage screen are measured on the server's clock, never the browser's (a laptop's clock may be minutes
 * off): a response's `serverTime` and the moment it arrived give the offset to add to `Date.now()`. Pure, for
 * machines; the views' ticking clock is ./use-server-now.ts.
 */
export const serverOffset = (serverTime: string, receivedAt: number) => Date.parse(serverTime) - receivedAt;

/** Whole minutes from an instant to `now` (0 for an instant in the future). */
export const minutesSince = (iso: string, now: number) => Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
