import { describe, expect, it } from "vitest";
import type { FormDocument } from "./form-document";
import { validateDocument } from "./form-validation";

const untitled: FormDocument = {
  code: "EN-A",
  description: "EN-A",
  diaspora: false,
  sections: [{ key: "s1", code: "A", description: " ", questions: [{ key: "q1", code: "1", text: "Did the PEC count the ballots?", questionType: 1, options: [] }] }],
};

describe("validateDocument", () => {
  it("lets a draft keep a section without a title, and asks for the title before publishing", () => {
    expect(validateDocument(untitled, "draft")).toEqual([]);
    expect(validateDocument(untitled, "publish")).toEqual([{ at: { of: "section", key: "s1", field: "description" }, code: "requiredToPublish" }]);
  });

  it("holds a section's title to its length in a draft too", () => {
    const long = { ...untitled, sections: [{ ...untitled.sections[0]!, description: "x".repeat(201) }] };
    expect(validateDocument(long, "draft")).toEqual([{ at: { of: "section", key: "s1", field: "description" }, code: "tooLong", max: 200 }]);
  });
});
