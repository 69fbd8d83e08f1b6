import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import { flaggedEntries } from "./flagged-entries";
import { FlaggedOutline } from "./FlaggedOutline";
import { previewForm } from "./preview.fixtures";
import { expectNoAxeViolations, renderStandalone } from "./preview.test-support";

describe("flaggedEntries", () => {
  it("lists every flagged option in form order with its section and question", () => {
    expect(flaggedEntries(previewForm)).toEqual([
      { key: "q1o2", section: "Sosirea", question: "A1.1. Ați putut intra?", option: "Nu" },
      { key: "q2o2", section: "Sosirea", question: "A1.2. Ce lipsea?", option: "Urne" },
      { key: "q4o2", section: "Votarea", question: "A2.2. Totul corect?", option: "Altfel" },
    ]);
  });

  it("names a section without a title by its code and a question without a code by its text", () => {
    const untitled = {
      ...previewForm,
      sections: [{ ...previewForm.sections[0]!, description: "", questions: [{ ...previewForm.sections[0]!.questions[0]!, code: "" }] }],
    };
    expect(flaggedEntries(untitled)).toEqual([{ key: "q1o2", section: "A1", question: "Ați putut intra?", option: "Nu" }]);
  });
});

describe("FlaggedOutline", () => {
  it("shows each flagged option with where it is, without axe violations", async () => {
    const { container } = renderStandalone(<FlaggedOutline document={previewForm} />);
    const items = within(screen.getByRole("list")).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      "Nu in Sosirea, question A1.1. Ați putut intra?",
      "Urne in Sosirea, question A1.2. Ce lipsea?",
      "Altfel in Votarea, question A2.2. Totul corect?",
    ]);
    await expectNoAxeViolations(container);
  });

  it("says so when no option is flagged", () => {
    const calm = { ...previewForm, sections: previewForm.sections.map((section) => ({ ...section, questions: [] })) };
    renderStandalone(<FlaggedOutline document={calm} />);
    expect(screen.queryByRole("list")).not.toBeInTheDocument();
    expect(screen.getByTestId("flagged-outline")).toHaveTextContent("No option is flagged: no answer to this form goes to the urgent inbox.");
  });
});
