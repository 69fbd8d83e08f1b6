import { describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expectNoAxeViolations, renderStandalone } from "../preview/preview.test-support";
import type { AnswerCounts } from "./form-answer-counts";
import type { FormDocument, OptionDraft, QuestionDraft } from "./form-document";
import { diffForPublish } from "./form-publish-diff";
import { PublishReview } from "./PublishReview";

const option = (idOption: number | undefined, text: string): OptionDraft => ({ key: `o${idOption ?? text}`, idOption, text, isFreeText: false, flagged: false });
const question = (id: number | undefined, code: string, text: string, questionType: QuestionDraft["questionType"], options: OptionDraft[]): QuestionDraft => ({
  key: `q${id ?? code}`,
  id,
  code,
  text,
  questionType,
  options,
});
const form = (questions: QuestionDraft[]): FormDocument => ({
  code: "A",
  description: "Formular",
  diaspora: false,
  sections: [{ key: "s", id: 1, code: "S", description: "Sosirea", questions }],
});

const published = form([
  question(1, "A1", "Ați intrat?", 1, [option(11, "Da"), option(12, "Nu")]),
  question(2, "A2", "Ce lipsea?", 0, [option(21, "Urne"), option(22, "Buletine")]),
  question(3, "A3", "Observații?", 1, [option(31, "Da")]),
]);
/** A2 renamed and made multiple choice with text, its option 22 removed and one added; A3 removed; A4 added. */
const next = form([
  question(1, "A1", "Ați intrat?", 1, [option(11, "Da"), option(12, "Nu, deloc")]),
  question(2, "A2", "Ce a lipsit?", 3, [option(21, "Urne"), option(undefined, "Altceva")]),
  question(undefined, "A4", "Cine conduce?", 1, [option(undefined, "Președintele")]),
]);

const countsOf = (questions: Record<number, number>, options: Record<string, number>): AnswerCounts => ({
  question: (id) => questions[id] ?? 0,
  option: (id, idOption) => options[`${id}:${idOption}`] ?? 0,
});
/** Nothing removed has answers; the renamed option and question have. */
const safeCounts = countsOf({ 1: 7, 2: 5 }, { "1:12": 3, "2:21": 5 });

function renderReview(props: Partial<Parameters<typeof PublishReview>[0]> = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  const view = renderStandalone(<PublishReview diff={diffForPublish(published, next)} counts={safeCounts} busy={false} onConfirm={onConfirm} onCancel={onCancel} {...props} />);
  return { ...view, onConfirm, onCancel, user: userEvent.setup() };
}

const group = (title: string) =>
  within(screen.getByRole("heading", { name: title }).parentElement!)
    .getAllByRole("listitem")
    .map((item) => item.textContent);

describe("PublishReview", () => {
  it("lists every change with the answers it touches and lets the organizer publish", async () => {
    const { user, onConfirm, container } = renderReview();
    expect(group("Removed questions")).toEqual(["A3. Observații? (section Sosirea)No answers"]);
    expect(group("Removed options")).toEqual(["“Buletine” in A2. Ce a lipsit?No answers"]);
    expect(group("Questions whose type changes")).toEqual(["A2. Ce a lipsit? (section Sosirea): Multiple choice → Multiple choice with text5 answers"]);
    expect(group("Renamed questions")).toEqual(["A2. Ce lipsea? (section Sosirea) → A2. Ce a lipsit? (section Sosirea)5 answers"]);
    expect(group("Renamed options")).toEqual(["“Nu” in A1. Ați intrat? → “Nu, deloc”3 answers"]);
    expect(group("Added questions")).toEqual(["A4. Cine conduce? (section Sosirea)"]);
    expect(group("Added options")).toEqual(["“Altceva” in A2. Ce a lipsit?"]);
    expect(screen.getByText(/The server refuses to remove a question or option that observers have answered/)).toBeInTheDocument();
    expect(screen.getByText(/The answers already given stay with the changed questions and options/)).toBeInTheDocument();
    await expectNoAxeViolations(container);

    await user.click(screen.getByRole("button", { name: "Publish" }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it("holds Publish back and explains why when a removed question or option has answers", async () => {
    const { user, onConfirm, onCancel } = renderReview({ counts: countsOf({ 3: 2 }, { "2:22": 1 }) });
    expect(group("Removed questions")).toEqual(["A3. Observații? (section Sosirea)2 answers"]);
    expect(group("Removed options")).toEqual(["“Buletine” in A2. Ce a lipsit?1 answer"]);
    expect(screen.getByRole("alert")).toHaveTextContent(/The server will refuse to publish this.*An answered question or option cannot be removed/);
    expect(screen.getByRole("button", { name: "Publish" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Publish" }));
    expect(onConfirm).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it("says when nothing changes, and publishes from the keyboard", async () => {
    const { user, onConfirm } = renderReview({ diff: diffForPublish(published, published) });
    expect(screen.getByText("No question or option changes against the published version.")).toBeInTheDocument();
    expect(screen.queryByRole("heading")).not.toBeInTheDocument();
    await user.tab();
    await user.tab();
    expect(screen.getByRole("button", { name: "Publish" })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it("leaves the counts out, and says so, when they could not be read", () => {
    renderReview({ counts: null });
    expect(group("Removed questions")).toEqual(["A3. Observații? (section Sosirea)"]);
    expect(screen.getByText("The number of answers could not be read; the server still checks them when you publish.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Publish" })).toBeEnabled();
  });

  it("keeps both buttons waiting while publishing", async () => {
    const { user, onCancel, onConfirm } = renderReview({ busy: true });
    expect(screen.getByRole("button", { name: "Cancel" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Publish" }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onCancel).not.toHaveBeenCalled();
  });
});
