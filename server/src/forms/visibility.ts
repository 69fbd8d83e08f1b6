import type { Principal } from "../auth/principal.ts";

/**
 * Which forms a caller may read: those of one election round (each round has its forms). Forms are shared by every
 * NGO (they carry no NGO), so there is no NgoScope here: the only difference between callers is that drafts are the
 * organizers' work in progress, hidden from everybody else as if they did not exist.
 */
export interface FormAudience {
  readonly roundId: number;
  readonly seesDrafts: boolean;
}

export const audienceOf = (principal: Principal | null, roundId: number): FormAudience => ({
  roundId,
  seesDrafts: principal?.kind === "admin" && principal.organizer,
});

/** Organizers, the only ones who may write forms: the contract's x-roles let nobody else call the writes. */
export const organizersIn = (roundId: number): FormAudience => ({ roundId, seesDrafts: true });
