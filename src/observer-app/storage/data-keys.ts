/** The keys of what the phone keeps in IndexedDB's key-value store, per election round where it belongs to one. */
export const DATA_KEYS = {
  round: "round",
  currentStation: "current-station",
  outboxOwner: "outbox-owner",
  /** The whole registry (read when a station is picked by number), its ETag and its counties, read at every start. */
  registry: (roundId: number) => `registry:${roundId}`,
  registryEtag: (roundId: number) => `registry-etag:${roundId}`,
  counties: (roundId: number) => `counties:${roundId}`,
  forms: (roundId: number) => `forms:${roundId}`,
  myStations: (roundId: number) => `my-stations:${roundId}`,
  inbox: (roundId: number) => `inbox:${roundId}`,
  answers: (roundId: number, stationId: number, formId: number) => `answers:${roundId}:${stationId}:${formId}`,
  /** A note being written: its text and shrunk photos survive a reload until it is kept. */
  noteDraft: (roundId: number, stationId: number, questionId: number | null) => `note-draft:${roundId}:${stationId}:${questionId ?? "station"}`,
} as const;
