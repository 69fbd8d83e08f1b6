/**
 * A text as headers and county names are compared: lower case, without diacritics (ă â î, and ș ț written with a
 * comma below or a cedilla, which decompose to different marks), dots read as spaces, whitespace collapsed.
 */
export function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/\./g, " ")
    .replace(/\s+/g, " ")
    .trim();
}
