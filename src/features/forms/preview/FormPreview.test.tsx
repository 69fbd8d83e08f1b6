import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Trans } from "@lingui/react/macro";
import { createTestI18n } from "../../../../tests/support/render";
import { FormPreview } from "./FormPreview";
import { previewForm } from "./preview.fixtures";
import { previewMessages } from "./preview.messages";
import { expectNoAxeViolations, renderStandalone } from "./preview.test-support";

const URGENT = "This answer will be marked urgent";
/** A question's choices: a radio group for single choice, a group of check boxes otherwise. */
const question = (name: string) => screen.queryByRole("radiogroup", { name }) ?? screen.getByRole("group", { name });
const statusOf = (name: string) => within(question(name).closest<HTMLElement>("[data-preview-question]")!).getByRole("status");

describe("FormPreview", () => {
  it("shows the sections and each question with the controls of its type", () => {
    renderStandalone(<FormPreview document={previewForm} locale="en" />);
    expect(screen.getByRole("heading", { level: 2, name: "Deschiderea secției" })).toBeInTheDocument();
    expect(screen.getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent)).toEqual(["Sosirea", "Votarea", "Închiderea"]);
    const names = (name: string, role: "radio" | "checkbox") => within(question(name)).getAllByRole(role).map((control) => control.getAttribute("value"));
    expect(names("A1.1. Ați putut intra?", "radio")).toEqual(["q1o1", "q1o2"]);
    expect(names("A1.2. Ce lipsea?", "checkbox")).toEqual(["q2o1", "q2o2", "q2o3"]);
    expect(names("A2.1. Cine a votat?", "checkbox")).toEqual(["q3o1", "q3o2"]);
    // Type 4 is the original system's single choice.
    expect(names("A2.2. Totul corect?", "radio")).toEqual(["q4o1", "q4o2"]);
    expect(screen.getByText("No questions in this section.")).toBeInTheDocument();
    expect(screen.queryByText(URGENT)).not.toBeInTheDocument();
  });

  it("says at once that a flagged choice goes to the urgent inbox, and takes it back when the choice changes", async () => {
    const user = userEvent.setup();
    renderStandalone(<FormPreview document={previewForm} locale="en" />);
    const entry = question("A1.1. Ați putut intra?");
    await user.click(within(entry).getByRole("radio", { name: /^Nu/ }));
    expect(statusOf("A1.1. Ați putut intra?")).toHaveTextContent(URGENT);
    expect(statusOf("A1.2. Ce lipsea?")).toBeEmptyDOMElement();
    await user.click(within(entry).getByRole("radio", { name: "Da" }));
    expect(statusOf("A1.1. Ați putut intra?")).toBeEmptyDOMElement();
  });

  it("is answered by keyboard alone: arrows move a radio choice, space ticks a box", async () => {
    const user = userEvent.setup();
    renderStandalone(<FormPreview document={previewForm} locale="en" />);
    await user.tab();
    expect(within(question("A1.1. Ați putut intra?")).getByRole("radio", { name: "Da" })).toHaveFocus();
    await user.keyboard("{ArrowDown}");
    expect(within(question("A1.1. Ați putut intra?")).getByRole("radio", { name: /^Nu/ })).toBeChecked();
    expect(statusOf("A1.1. Ați putut intra?")).toHaveTextContent(URGENT);
    await user.tab();
    await user.tab();
    expect(within(question("A1.2. Ce lipsea?")).getByRole("checkbox", { name: /^Urne/ })).toHaveFocus();
    await user.keyboard(" ");
    expect(statusOf("A1.2. Ce lipsea?")).toHaveTextContent(URGENT);
    await user.keyboard(" ");
    expect(statusOf("A1.2. Ce lipsea?")).toBeEmptyDOMElement();
  });

  it("opens a text box for a free-text option while it is chosen", async () => {
    const user = userEvent.setup();
    renderStandalone(<FormPreview document={previewForm} locale="en" />);
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
    await user.click(screen.getByRole("checkbox", { name: "Altceva" }));
    await user.type(screen.getByRole("textbox", { name: "Details for “Altceva”" }), "Ștampile");
    expect(screen.getByRole("textbox", { name: "Details for “Altceva”" })).toHaveValue("Ștampile");
    await user.click(screen.getByRole("checkbox", { name: "Altceva" }));
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();

    // A free-text option that is also flagged: the text box and the warning together.
    await user.click(within(question("A2.2. Totul corect?")).getByRole("radio", { name: /^Altfel/ }));
    expect(screen.getByRole("textbox", { name: "Details for “Altfel”" })).toBeInTheDocument();
    expect(statusOf("A2.2. Totul corect?")).toHaveTextContent(URGENT);
  });

  it("speaks Romanian in an English app when asked, and leaves the app in English", async () => {
    const user = userEvent.setup();
    renderStandalone(
      <>
        <Trans id="CANCEL">Cancel</Trans>
        <FormPreview document={previewForm} locale="ro" />
      </>,
      "en",
    );
    const preview = await screen.findByTestId("form-preview");
    expect(preview).toHaveAttribute("lang", "ro");
    await user.click(within(question("A1.1. Ați putut intra?")).getByRole("radio", { name: /^Nu/ }));
    expect(statusOf("A1.1. Ați putut intra?")).toHaveTextContent(createTestI18n("ro")._(previewMessages.urgent));
    expect(screen.getByText("Cancel")).toBeInTheDocument();
  });

  it("follows its locale prop back and forth", async () => {
    const { rerender } = renderStandalone(<FormPreview document={previewForm} locale="ro" />);
    expect(await screen.findByTestId("form-preview")).toHaveAttribute("lang", "ro");
    rerender(<FormPreview document={previewForm} locale="en" />);
    expect(screen.getByTestId("form-preview")).toHaveAttribute("lang", "en");
    rerender(<FormPreview document={previewForm} locale="ro" />);
    await waitFor(() => expect(screen.getByTestId("form-preview")).toHaveAttribute("lang", "ro"));
  });

  it("speaks English in a Romanian app when asked", async () => {
    renderStandalone(<FormPreview document={previewForm} locale="en" />, "ro");
    expect(await screen.findByTestId("form-preview")).toHaveAttribute("lang", "en");
    expect(screen.getByText("No questions in this section.")).toBeInTheDocument();
  });

  it("has no axe violations, with a flagged choice and a text box shown", async () => {
    const user = userEvent.setup();
    const { container } = renderStandalone(<FormPreview document={previewForm} locale="en" />);
    await user.click(within(question("A2.2. Totul corect?")).getByRole("radio", { name: /^Altfel/ }));
    await expectNoAxeViolations(container);
  });
});
