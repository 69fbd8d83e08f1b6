/** The demo admins' sign-ins, printed at start and listed in the README. `ngoId` is the NGO's position in DEMO_NGOS. */
export const DEMO_ACCOUNTS = [
  { user: "0700000001", password: "demo1234", ngoId: 1, description: "organizer admin (Code for Romania): sees and manages everything" },
  { user: "0700000002", password: "demo1234", ngoId: 2, description: "admin of a non-organizer NGO: sees only its own NGO" },
  { user: "0700000003", password: "demo1234", ngoId: 3, description: "admin of an inactive NGO: refused at sign-in" },
] as const;

/** Clear-text credentials of the first observer of NGO 1 and of NGO 2 (never device-bound, never deleted). */
export const DEMO_OBSERVERS: readonly { phone: string; pin: string }[] = [
  { phone: "0721000001", pin: "1234" },
  { phone: "0721000002", pin: "9153" },
];
