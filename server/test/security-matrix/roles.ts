import type { Role } from "../../src/auth/principal.ts";
import type { Operation } from "../../src/http/contract.ts";
import type { OperationRow } from "./requests.ts";
import type { NgoNumber, World } from "./world.ts";

/** One column of the matrix: who calls, with which token, aiming at which NGO's things. */
export interface Caller {
  name: string;
  token: (world: World) => string | undefined;
  /** The `x-roles` entries this caller satisfies (an organizer is an NGO admin too). */
  grants: Role[];
  /** The caller's own NGO; null without a token. */
  ngo: NgoNumber | null;
  organizer: boolean;
  /** Whose ids the request names. */
  target: NgoNumber;
}

export const callers: Caller[] = [
  { name: "no token", token: () => undefined, grants: [], ngo: null, organizer: false, target: 1 },
  { name: "observer of NGO 2 → NGO 1's ids", token: (w) => w.targets[2].observer.token, grants: ["observer"], ngo: 2, organizer: false, target: 1 },
  { name: "admin of NGO 2 → NGO 1's ids", token: (w) => w.api.ngo2Admin, grants: ["ngoAdmin"], ngo: 2, organizer: false, target: 1 },
  { name: "admin of NGO 2 → own ids", token: (w) => w.api.ngo2Admin, grants: ["ngoAdmin"], ngo: 2, organizer: false, target: 2 },
  { name: "organizer → NGO 2's ids", token: (w) => w.api.organizer, grants: ["organizer", "ngoAdmin"], ngo: 1, organizer: true, target: 2 },
  { name: "organizer → own ids", token: (w) => w.api.organizer, grants: ["organizer", "ngoAdmin"], ngo: 1, organizer: true, target: 1 },
];

/** The status a caller must get; a refused call must change nothing. */
export interface Expectation {
  status: number;
  refused: boolean;
}

/**
 * The contract's rules: public operations answer everyone alike; without a token 401; a role outside `x-roles` 403;
 * ids of another NGO (or, for forms, a draft) named by anyone but an organizer get what the operation's description
 * says (404 "like an unknown id", 403 for an explicitly named NGO, or a success with the other NGO filtered out).
 */
export function expectationFor(operation: Operation, row: OperationRow, caller: Caller): Expectation {
  const allowed = { status: row.allowed, refused: false };
  if (operation.roles === null) return allowed;
  if (caller.ngo === null) return { status: 401, refused: true };
  if (!operation.roles.some((role) => caller.grants.includes(role))) return { status: 403, refused: true };
  const outOfScope = !caller.organizer && caller.target !== caller.ngo;
  return outOfScope && typeof row.scope === "number" ? { status: row.scope, refused: true } : allowed;
}
