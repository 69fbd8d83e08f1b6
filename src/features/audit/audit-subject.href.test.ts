import { describe, expect, it } from "vitest";
import type { AuditEntry } from "./audit.actors";
import { subjectHref } from "./audit-subject.href";

const entry = (subject: Partial<AuditEntry["subject"]>, ngoId: number | null = 2, electionRoundId: number | null = null): Pick<AuditEntry, "subject" | "ngoId" | "electionRoundId"> => ({
  subject: { type: "observer", id: 57, label: "Maria Popescu (0722000111)", exists: true, ...subject },
  ngoId,
  electionRoundId,
});

describe("subjectHref", () => {
  it("opens each kind of subject where the product shows it", () => {
    expect(subjectHref(entry({ type: "observer", id: 57 }))).toBe("/observatori/profil/view/57");
    expect(subjectHref(entry({ type: "ngo", id: 2 }))).toBe("/ong/view/2");
    expect(subjectHref(entry({ type: "ngoAdmin", id: 9 }, 3))).toBe("/ong/view/3");
    expect(subjectHref(entry({ type: "form", id: 4 }, null))).toBe("/formulare/4");
    expect(subjectHref(entry({ type: "notification", id: 12 }))).toBe("/notifications?tab=history");
    expect(subjectHref(entry({ type: "thread", id: 57, pollingStationId: 801 }))).toBe("/urgents/details/57/801");
  });

  it("opens a subject of a round in that round", () => {
    expect(subjectHref(entry({ type: "thread", id: 57, pollingStationId: 801 }, 2, 3))).toBe("/urgents/details/57/801?round=3");
    expect(subjectHref(entry({ type: "notification", id: 12 }, 2, 3))).toBe("/notifications?tab=history&round=3");
    expect(subjectHref(entry({ type: "observer", id: 57, exists: false }, 2, 3))).toBeNull();
  });

  it("offers no link to a deleted subject, to none (a reordering of forms) or to a thread without its station", () => {
    expect(subjectHref(entry({ type: "observer", id: 57, exists: false }))).toBeNull();
    expect(subjectHref(entry({ type: "form", id: null, label: "Forms", exists: false }, null))).toBeNull();
    expect(subjectHref(entry({ type: "thread", id: 57 }))).toBeNull();
    expect(subjectHref(entry({ type: "ngoAdmin", id: 9 }, null))).toBeNull();
  });
});
