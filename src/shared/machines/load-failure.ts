/** Why a load failed, as a code the view translates: every list and resource machine reads failures this way. */
export type LoadFailure =
  | { code: "network" }
  | { code: "forbidden" }
  | { code: "not_found" }
  | { code: "unexpected"; status: number | null };

/** Reads the code from a failed load: the API client's errors carry an HTTP status (0 when no answer came). */
export function toLoadFailure(error: unknown): LoadFailure {
  const status = typeof error === "object" && error !== null && "status" in error ? error.status : null;
  if (status === 0) return { code: "network" };
  if (status === 403) return { code: "forbidden" };
  if (status === 404) return { code: "not_found" };
  return { code: "unexpected", status: typeof status === "number" ? status : null };
}
