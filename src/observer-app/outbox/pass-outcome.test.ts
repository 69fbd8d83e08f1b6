import { describe, expect, it } from "vitest";
import { passOutcome } from "./outbox-sync.actors";

const refused = { kind: "refused", refusal: { status: 422, code: "station_retired", title: "Retired", detail: null } } as const;

describe("passOutcome", () => {
  it("ends the pass on a refused session before anything else", () => {
    expect(passOutcome([{ kind: "sent" }, { kind: "retry", afterSeconds: 5 }, { kind: "unauthorized" }])).toEqual({ kind: "unauthorized" });
  });

  it("waits for the longest Retry-After when any send must be tried again", () => {
    expect(passOutcome([{ kind: "sent" }, { kind: "retry", afterSeconds: 5 }, { kind: "retry", afterSeconds: 30 }])).toEqual({ kind: "retry", afterSeconds: 30 });
    expect(passOutcome([{ kind: "retry", afterSeconds: null }])).toEqual({ kind: "retry", afterSeconds: null });
  });

  it("goes on with the next items when every send was answered, refused ones included", () => {
    expect(passOutcome([refused, { kind: "sent" }])).toEqual(refused);
    expect(passOutcome([{ kind: "sent" }, refused])).toEqual({ kind: "sent" });
  });
});
