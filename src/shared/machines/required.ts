/**
 * A value the state reading it was entered with (the transition into it, or its guard, made sure of it). Missing, it
 * is a bug of the chart and is said at once: an id of 0 sent instead would come back a 404, read as a missing record.
 */
export function required<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`${what} is missing`);
  return value;
}
