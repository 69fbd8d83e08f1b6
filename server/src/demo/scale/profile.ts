/** How big the election-day dataset is; the demo's own 200 observers, their answers and notes are counted in. */
export interface ScaleProfile {
  /** Observers in all: the demo's 200, then observer 201 onwards. */
  observers: number;
  /** Stations each answering observer of the dataset visits: a mobile team, from..to (inclusive). */
  visits: readonly [from: number, to: number];
  /** Notes in all. */
  notes: number;
  notifications: number;
  /** Observers written per transaction: each chunk commits on its own, so a run killed midway resumes there. */
  chunk: number;
  /**
   * Whether the dataset has an earlier round too (2024): an archived copy of the current round's stations, forms,
   * answers, station facts, notes and notifications, 728 days earlier (write/previous-round.ts). Not by default.
   */
  previousRound?: boolean;
}

/**
 * A national election day: 20,000 observers at 19,171 stations, about 2,000,000 answers, beside an earlier archived
 * round of the same size (about 4,000,000 answers in all).
 */
export const SCALE_PROFILE: ScaleProfile = {
  observers: 20_000,
  visits: [4, 5],
  notes: 200_000,
  notifications: 1_000,
  chunk: 500,
  previousRound: true,
};
