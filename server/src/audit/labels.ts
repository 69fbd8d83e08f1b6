/** How the log names each kind of subject (AuditSubject.label): one place, so every action names it alike. */
export const observerLabel = (observer: { name: string; phone: string }) => `${observer.name} (${observer.phone})`;

export const formLabel = (form: { code: string; description: string }) => `${form.code}: ${form.description}`;

export const threadLabel = (thread: { name: string; phone: string; countyCode: string; stationNumber: number }) =>
  `${observerLabel(thread)}, ${thread.countyCode} ${thread.stationNumber}`;

/** A polling station by county code and number, with its locality when the registry has one: `CJ 15, Cluj-Napoca`. */
export const stationLabel = (station: { countyCode: string; number: number; locality: string | null }) =>
  `${station.countyCode} ${station.number}${station.locality ? `, ${station.locality}` : ""}`;
