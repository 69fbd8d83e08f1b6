/** The demo sign-ins, printed at start and listed in the README. */
export const DEMO_ACCOUNTS = [
  { user: "0700000001", password: "demo1234", ngoId: 1, description: "organizer admin (Code for Romania): sees and manages everything" },
  { user: "0700000002", password: "demo1234", ngoId: 2, description: "admin of a non-organizer NGO: sees only its own NGO" },
  { user: "0700000003", password: "demo1234", ngoId: 3, description: "admin of an inactive NGO: refused at sign-in" },
] as const;
