import type { SnapshotFrom } from "xstate";
import type { pageModeMachine } from "../../shared/machines/page-mode.machine";
import { ngoDraftOf, ngoFormProblems } from "./ngo-profile.form";
import type { Ngo } from "./ngos.actors";

type NgoPageSnapshot = SnapshotFrom<typeof pageModeMachine>;

/** The loaded or saved NGO: the one place the page's record is read as an Ngo. */
export const selectNgo = (snapshot: NgoPageSnapshot) => snapshot.context.record as Ngo | null;

/** The NGO draft on screen. */
export const selectNgoDraft = (snapshot: NgoPageSnapshot) => ngoDraftOf(snapshot.context);

/** The browser's verdict on the draft, per field (shown on the fields the user has visited). */
export const selectNgoProblems = (snapshot: NgoPageSnapshot) => ngoFormProblems(ngoDraftOf(snapshot.context));
