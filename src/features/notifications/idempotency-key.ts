/** A key made once per composed notification (the contract allows letters, digits, - and _): a UUID without dashes. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID().replaceAll("-", "");
}
