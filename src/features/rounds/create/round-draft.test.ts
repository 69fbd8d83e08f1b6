import { describe, expect, it } from "vitest";
import { changeRoundDraft, createRoundBody, draftFromSource, roundDraftProblems, type RoundSource } from "./round-draft";

const counts = { forms: 5, publishedForms: 3, pollingStations: 120, assignments: 40 };
const ngos = [
  { id: 1, name: "Code for Romania", isActive: true },
  { id: 2, name: "Asociația Observatorilor", isActive: true },
  { id: 3, name: "Inactivă", isActive: false },
];
const from = (ngoIds: number[]): RoundSource => ({ round: { id: 4, name: "Turul 1", electionDay: "2025-05-04", status: "archived", ngoIds, counts }, ngos });

describe("round-draft", () => {
  it("starts from the issue's defaults: forms as drafts, the registry copied, no assignments, the runoff two weeks later", () => {
    expect(draftFromSource(from([1, 2]), null)).toEqual({
      name: "",
      electionDay: "2025-05-18",
      forms: "drafts",
      registry: "copy",
      ngos: "all",
      ngoIds: [1, 2],
      assignments: "clear",
      startNow: false,
    });
  });

  it("keeps the copied round's NGOs ticked when they are not every active one", () => {
    expect(draftFromSource(from([2]), null)).toMatchObject({ ngos: "chosen", ngoIds: [2] });
  });

  it("lays a kept draft over the defaults, field by field, ignoring values of the wrong kind", () => {
    const kept = { name: "Turul 2", forms: "published", ngoIds: "1,2", startNow: "yes" } as never;
    expect(draftFromSource(from([1, 2]), kept)).toMatchObject({ name: "Turul 2", forms: "published", ngoIds: [1, 2], startNow: false });
  });

  it("copies nothing without a round to copy, whatever a kept draft says", () => {
    const draft = draftFromSource({ round: null, ngos }, { forms: "drafts", registry: "copy", assignments: "keep" });
    expect(draft).toMatchObject({ electionDay: "", forms: "none", registry: "import", assignments: "clear", ngoIds: [1, 2] });
    expect(createRoundBody({ ...draft, name: "  Locale   2027 ", electionDay: "2027-09-26" }, { round: null, ngos })).toEqual({ name: "Locale 2027", electionDay: "2027-09-26", ngoIds: [1, 2] });
  });

  it("clears the assignments when a new list is imported: they point into the registry", () => {
    const keeping = changeRoundDraft(draftFromSource(from([1, 2]), null), "assignments", "keep");
    expect(changeRoundDraft(keeping, "registry", "import")).toMatchObject({ registry: "import", assignments: "clear" });
    expect(changeRoundDraft(changeRoundDraft(keeping, "registry", "import"), "assignments", "keep").assignments).toBe("clear");
  });

  it("names each field's problem, the server's taken name included, whatever its case and spaces", () => {
    const draft = { ...draftFromSource(from([1, 2]), null), ngos: "chosen" as const, ngoIds: [] };
    expect(roundDraftProblems({ ...draft, electionDay: "" }, null)).toEqual({ name: "required", electionDay: "required", ngoIds: "none" });
    expect(roundDraftProblems({ ...draft, name: "x".repeat(201), electionDay: "2025-02-30", ngoIds: [1] }, null)).toEqual({ name: "tooLong", electionDay: "invalid" });
    expect(roundDraftProblems({ ...draft, name: "  TURUL   2 ", ngoIds: [1] }, "turul 2")).toEqual({ name: "taken" });
  });

  it("sends every active NGO for 'all', the ticked ones otherwise, and assignments only with the registry", () => {
    const draft = { ...draftFromSource(from([1, 2]), null), name: "Turul 2", assignments: "keep" as const };
    expect(createRoundBody(draft, from([1, 2]))).toEqual({
      name: "Turul 2",
      electionDay: "2025-05-18",
      ngoIds: [1, 2],
      fromRoundId: 4,
      copy: { forms: "drafts", registry: true, assignments: true },
    });
    expect(createRoundBody({ ...draft, ngos: "chosen", ngoIds: [2] }, from([1, 2])).ngoIds).toEqual([2]);
  });
});
