import type { SnapshotFrom } from "xstate";
import type { sessionMachine } from "./session.machine";

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** True while a token is held; expiry is left to the server. */
export const selectIsLoggedIn = (snapshot: SessionSnapshot) => snapshot.matches("loggedIn");

/** True while a sign-in request is pending. */
export const selectIsAuthenticating = (snapshot: SessionSnapshot) => snapshot.hasTag("busy");

/** Why the last sign-in failed, only while the failure is on screen. */
export const selectLoginError = (snapshot: SessionSnapshot) =>
  snapshot.matches({ loggedOut: "failed" }) ? snapshot.context.loginError : null;

/** The account name: as the server confirmed it, else the token's `sub`. */
export const selectUserName = (snapshot: SessionSnapshot) =>
  snapshot.context.account?.user ?? snapshot.context.claims?.sub ?? null;

/** Whether the account's NGO organizes the mission: as the server says now, else the token's `organizer` claim. */
export const selectIsOrganizer = (snapshot: SessionSnapshot) =>
  snapshot.context.account ? snapshot.context.account.organizer : snapshot.context.claims?.organizer === true;

/** The account's NGO: as the server says now, else the token's `ngoId` claim. */
export const selectNgoId = (snapshot: SessionSnapshot) => snapshot.context.account?.ngoId ?? snapshot.context.claims?.ngoId ?? null;
