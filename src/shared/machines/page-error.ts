/** Why a call failed, as codes the view translates: the problem code and each field's error codes. */
export interface PageError {
  status: number;
  code: string | null;
  fieldErrors: Readonly<Record<string, readonly string[]>>;
}

function fieldCodes(value: unknown): Record<string, string[]> {
  if (typeof value !== "object" || value === null) return {};
  const codes: Record<string, string[]> = {};
  for (const [field, problems] of Object.entries(value as Record<string, unknown>)) {
    if (!Array.isArray(problems)) continue;
    codes[field] = problems.flatMap((problem: unknown) =>
      typeof problem === "object" && problem !== null && typeof (problem as { code?: unknown }).code === "string"
        ? [(problem as { code: string }).code]
        : [],
    );
  }
  return codes;
}

/** Reads what an actor threw (an ApiError, structurally) into codes; anything else is an unexpected failure. */
export function toPageError(error: unknown): PageError {
  if (typeof error !== "object" || error === null) return { status: 0, code: "unexpected", fieldErrors: {} };
  const record = error as Record<string, unknown>;
  return {
    status: typeof record.status === "number" ? record.status : 0,
    code: typeof record.code === "string" ? record.code : null,
    fieldErrors: fieldCodes(record.fieldErrors),
  };
}

/** The server's verdict on a field no longer applies once the user changes that field. */
export function withoutFieldError(error: PageError | null, field: string): PageError | null {
  if (!error || !(field in error.fieldErrors)) return error;
  const fieldErrors = Object.fromEntries(Object.entries(error.fieldErrors).filter(([name]) => name !== field));
  return { ...error, fieldErrors };
}
