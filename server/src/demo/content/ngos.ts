/** In this order: NGO n of the demo (DEMO_ACCOUNTS' `ngoId`, the plan's `ngo`) is the n-th entry. */
export const DEMO_NGOS = [
  { name: "Code for Romania", shortName: "C4R", organizer: true, isActive: true },
  { name: "Asociația Observatorilor Civici", shortName: "AOC", organizer: false, isActive: true },
  { name: "Inițiativa Transparență", shortName: "IT", organizer: false, isActive: false },
] as const;
