/** PostgreSQL's unique_violation, as both pg and PGlite report it. */
export function isUniqueViolation(error: unknown): boolean {
  return hasCode(error, "23505");
}

/** PostgreSQL's foreign_key_violation, as both pg and PGlite report it. */
export function isForeignKeyViolation(error: unknown): boolean {
  return hasCode(error, "23503");
}

const hasCode = (error: unknown, code: string) => typeof error === "object" && error !== null && (error as { code?: unknown }).code === code;

/** The archived-round guard's refusal (functions/round_archived_guard.sql): a write into an archived election round. */
export function isRoundArchived(error: unknown): boolean {
  return hasCode(error, "P0409");
}
