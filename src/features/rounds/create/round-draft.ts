/** What the wizard starts from: the round copied (null for an empty round) and the NGOs there are to choose. */
export interface RoundSource {
  round: { id: number; name: string; electionDay: string; status: string; ngoIds: number[]; counts: RoundCounts } | null;
  ngos: { id: number; name: string; isActive: boolean }[];
}

export interface RoundCounts {
  forms: number;
  publishedForms: number;
  pollingStations: number;
  assignments: number;
}

/** The wizard's choices, as the user makes them (createElectionRound's body is built from them). */
export interface RoundDraft {
  name: string;
  /** yyyy-mm-dd, as a date input gives it. */
  electionDay: string;
  forms: "drafts" | "published" | "none";
  /** The registry copied, or a new list imported into the round once created. */
  registry: "copy" | "import";
  ngos: "all" | "chosen";
  ngoIds: number[];
  assignments: "keep" | "clear";
  startNow: boolean;
}

export type RoundDraftField = keyof RoundDraft;

export type RoundDraftProblem = "required" | "tooLong" | "taken" | "invalid" | "none";

/** The contract's bound on a round's name. */
export const ROUND_NAME_MAX = 200;

/** A second round is usually two weeks after the first (Romania's presidential runoff). */
const RUNOFF_DAYS = 14;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

const isDay = (value: string) => ISO_DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const ENUMS: Partial<Record<RoundDraftField, readonly string[]>> = {
  forms: ["drafts", "published", "none"],
  registry: ["copy", "import"],
  ngos: ["all", "chosen"],
  assignments: ["keep", "clear"],
};

const accepts = (draft: RoundDraft, field: RoundDraftField, value: unknown): boolean => {
  const allowed = ENUMS[field];
  if (allowed) return typeof value === "string" && allowed.includes(value);
  if (field === "ngoIds") return Array.isArray(value) && value.every((id) => Number.isInteger(id) && id > 0);
  return typeof value === typeof draft[field];
};

/**
 * One choice changed; a value of the wrong kind (a stray event, a stale kept draft) changes nothing. Assignments
 * point into the registry, so importing a new list clears them.
 */
export function changeRoundDraft(draft: RoundDraft, field: RoundDraftField, value: unknown): RoundDraft {
  if (!(field in draft) || !accepts(draft, field, value)) return draft;
  const next = { ...draft, [field]: field === "ngoIds" ? [...new Set(value as number[])].sort((a, b) => a - b) : value };
  return next.registry === "import" ? { ...next, assignments: "clear" } : next;
}

/**
 * The wizard's first choices: the defaults (forms as drafts, the registry copied, the NGOs of the round
 * copied, assignments cleared), the day two weeks after the copied round's; a kept draft laid over them.
 */
export function draftFromSource(source: RoundSource, kept: Partial<RoundDraft> | null): RoundDraft {
  const activeIds = source.ngos.filter((ngo) => ngo.isActive).map((ngo) => ngo.id);
  const takingPart = source.round ? source.round.ngoIds : activeIds;
  const everyActive = activeIds.every((id) => takingPart.includes(id));
  const initial: RoundDraft = {
    name: "",
    electionDay: source.round ? addDays(source.round.electionDay, RUNOFF_DAYS) : "",
    forms: source.round ? "drafts" : "none",
    registry: source.round ? "copy" : "import",
    ngos: everyActive ? "all" : "chosen",
    ngoIds: everyActive ? activeIds : takingPart,
    assignments: "clear",
    startNow: false,
  };
  const fields = Object.entries(kept ?? {}) as [RoundDraftField, unknown][];
  const restored = fields.reduce((draft, [field, value]) => changeRoundDraft(draft, field, value), initial);
  // Without a round to copy there is nothing to copy, whatever a kept draft said.
  return source.round ? restored : { ...restored, forms: "none", registry: "import", assignments: "clear" };
}

/** What is wrong with each field; `takenName` is a name the server refused as another round's. */
export function roundDraftProblems(draft: RoundDraft, takenName: string | null): Partial<Record<RoundDraftField, RoundDraftProblem>> {
  const problems: Partial<Record<RoundDraftField, RoundDraftProblem>> = {};
  const name = normalName(draft.name);
  if (name === "") problems.name = "required";
  else if (name.length > ROUND_NAME_MAX) problems.name = "tooLong";
  else if (takenName !== null && name.toLowerCase() === takenName) problems.name = "taken";
  if (draft.electionDay === "") problems.electionDay = "required";
  else if (!isDay(draft.electionDay)) problems.electionDay = "invalid";
  if (draft.ngos === "chosen" && draft.ngoIds.length === 0) problems.ngoIds = "none";
  return problems;
}

/** A name as it is sent: trimmed, inner whitespace collapsed. */
export const normalName = (name: string) => name.trim().replace(/\s+/g, " ");

/** The NGOs taking part, as sent: every active one, or those ticked. */
export const takingPart = (draft: RoundDraft, source: RoundSource) =>
  draft.ngos === "all" ? source.ngos.filter((ngo) => ngo.isActive).map((ngo) => ngo.id) : draft.ngoIds;

/** createElectionRound's body. */
export function createRoundBody(draft: RoundDraft, source: RoundSource) {
  const base = { name: normalName(draft.name), electionDay: draft.electionDay, ngoIds: takingPart(draft, source) };
  if (!source.round) return base;
  return {
    ...base,
    fromRoundId: source.round.id,
    copy: { forms: draft.forms, registry: draft.registry === "copy", assignments: draft.registry === "copy" && draft.assignments === "keep" },
  };
}
