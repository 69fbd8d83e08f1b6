export interface ObserverFormValues {
  name: string;
  phone: string;
  pin: string;
}

export type ObserverField = keyof ObserverFormValues;

/** Why a field is invalid, as a code the view translates. */
export type ObserverFieldProblem = "required" | "phone_pattern" | "pin_pattern";

export type ObserverFormProblems = Partial<Record<ObserverField, ObserverFieldProblem>>;

export const EMPTY_OBSERVER_FORM: ObserverFormValues = { name: "", phone: "", pin: "" };

/** The contract's patterns (PhoneNumber and Pin in openapi.yaml). */
export const PHONE_PATTERN = /^\+?[0-9]{6,15}$/;
export const PIN_PATTERN = /^[0-9]{4,6}$/;

/** Trims and collapses inner whitespace, as the spec asks before submit. */
export function collapseWhitespace(value: string): string {
  return value.trim().replace(/\s+/g, " ");
}

export function normalizeObserverForm(values: ObserverFormValues): ObserverFormValues {
  return { name: collapseWhitespace(values.name), phone: collapseWhitespace(values.phone), pin: values.pin.trim() };
}

/**
 * Spec §5 and the contract: name and phone required (a non-space character), phone `^\+?[0-9]{6,15}$`, PIN 4–6
 * digits, required when creating; when editing an empty PIN keeps the current one.
 */
export function validateObserverForm(values: ObserverFormValues, creating: boolean): ObserverFormProblems {
  const { name, phone, pin } = normalizeObserverForm(values);
  const problems: ObserverFormProblems = {};
  if (name === "") problems.name = "required";
  if (phone === "") problems.phone = "required";
  else if (!PHONE_PATTERN.test(phone)) problems.phone = "phone_pattern";
  if (pin === "" && creating) problems.pin = "required";
  else if (pin !== "" && !PIN_PATTERN.test(pin)) problems.pin = "pin_pattern";
  return problems;
}
