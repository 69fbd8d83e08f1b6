import type { Ngo } from "./ngos.actors";

export interface NgoFormValues {
  name: string;
  shortName: string;
  organizer: boolean;
  isActive: boolean;
}

/** A new NGO starts active and not organizing: most NGOs join to observe. */
export const EMPTY_NGO_FORM: NgoFormValues = { name: "", shortName: "", organizer: false, isActive: true };

export function ngoFormValues(ngo: Ngo): NgoFormValues {
  return { name: ngo.name, shortName: ngo.shortName, organizer: ngo.organizer, isActive: ngo.isActive };
}

export function normalizeNgoForm(values: NgoFormValues): NgoFormValues {
  return { ...values, name: values.name.trim(), shortName: values.shortName.trim() };
}

/** Spec: name and shortName need at least one non-blank character; the flags always have a value. */
export function isNgoFormValid(values: NgoFormValues): boolean {
  const { name, shortName } = normalizeNgoForm(values);
  return name !== "" && shortName !== "";
}
