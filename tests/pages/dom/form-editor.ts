import { act } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { formEditorScreenControls, formEditorWords, type EditorPhase, type FormEditorScreen } from "../form-editor";
import { eventually, type Target } from "../locators";
import { control, find, findAll, present, read, stateOf, textOf, typeInto } from "./find";

/** The form editor on jsdom, driven as a keyboard and mouse user would. */
export function formEditorScreen(user: UserEvent): FormEditorScreen {
  const words = formEditorWords();
  const controls = formEditorScreenControls(words);
  const click = async (target: Target, scope?: () => HTMLElement | null) => user.click(await control(target, scope));
  const values = (fields: HTMLElement[]) => fields.map((field) => (field as HTMLInputElement).value);
  const sections = () => findAll(controls.section());
  const publishDialog = () => find(controls.publishDialog);
  const unpublishDialog = () => find(controls.unpublishDialog);
  const leaveDialog = () => find(controls.leaveDialog);
  const heard = () => findAll(controls.liveRegion).map((region) => textOf(region) ?? "");
  // The review dialog's own Publish has the toolbar button's name too.
  const toolbarPublish = () => findAll(controls.publish).find((button) => !publishDialog()?.contains(button)) ?? null;

  /** An alert's title (Mantine names the alert by it). */
  const titleOf = (alert: HTMLElement) => textOf(document.getElementById(alert.getAttribute("aria-labelledby") ?? "")) ?? "";

  const phase = (): EditorPhase | null => {
    if (find(controls.formCode)) return "form";
    if (find(controls.loading)) return "loading";
    if (find(controls.loadFailed)) return "failed";
    if (find(controls.formsHeading)) return "list";
    return null;
  };

  return {
    heading: read(() => textOf(find(controls.heading))),
    details: read(() => {
      const code = find(controls.formCode) as HTMLInputElement | null;
      if (!code) return null;
      const title = (find(controls.formTitle) as HTMLTextAreaElement).value;
      return { title, code: code.value, diaspora: (find(controls.onlyDiaspora) as HTMLInputElement).checked };
    }),
    sectionTitles: read(() => values(findAll(controls.sectionTitle))),
    questionCodes: read((section: number) => values(findAll(controls.questionCode, sections()[section]))),
    options: read((question: string) =>
      findAll(controls.option(), find(controls.question(question))).map((row) => ({
        text: (find(controls.optionText, row) as HTMLInputElement).value,
        flagged: (find(controls.flagged, row) as HTMLInputElement).checked,
        isFreeText: (find(controls.freeText, row) as HTMLInputElement).checked,
      })),
    ),
    offersRestore: read(() => find(controls.restoreOffer) !== null),
    showsConflict: read(() => find(controls.conflict) !== null),
    showsUnsaved: read(() => find(controls.unsaved) !== null),

    phase: read(phase),
    loadError: read(() => textOf(find(controls.loadFailed))),
    badges: read(() => [words.published, words.draft, words.unsaved].filter((badge) => findAll(controls.badge(badge)).length > 0)),
    toolbar: read(() => ({
      undo: stateOf(find(controls.undo)),
      redo: stateOf(find(controls.redo)),
      saveDraft: stateOf(find(controls.saveDraft)),
      publish: stateOf(toolbarPublish()),
    })),
    publishLabel: read(() => textOf(toolbarPublish())),
    readOnly: read(() => (find(controls.formCode) as HTMLInputElement | null)?.readOnly ?? false),
    problems: read(() => {
      const summary = find(controls.problems);
      return summary ? [titleOf(summary), ...findAll(controls.listItem, summary).map((item) => textOf(item) ?? "")] : null;
    }),
    saveFailure: read(() => {
      const notice = find(controls.saveFailure);
      return notice ? (textOf(notice) ?? "").slice(titleOf(notice).length).trim() : null;
    }),
    conflict: read(() => {
      const notice = find(controls.conflict);
      return notice ? { loadTheirs: stateOf(find(controls.loadTheirs, notice)), keepMine: stateOf(find(controls.keepMine, notice)) } : null;
    }),
    publishDialog: read(() => textOf(publishDialog())),
    publishDialogButtons: read(() => ({
      publish: stateOf(find(controls.publishConfirm, publishDialog())),
      cancel: stateOf(find(controls.cancel, publishDialog())),
    })),
    unpublishQuestion: read(() => textOf(unpublishDialog())),
    leaveQuestion: read(() => textOf(leaveDialog())),
    heard: read(heard),

    async dragQuestionDown(code, places) {
      const handle = await control(controls.move("question", code));
      const cards = findAll(controls.question(), handle.closest("section"));
      const total = cards.length;
      const from = cards.findIndex((card) => card.getAttribute("aria-label") === words.question(code)) + 1;
      const what = `question ${code}`;
      act(() => handle.focus());
      // The live region says only the latest: the pick-up is followed at once by the item over its own place.
      await user.keyboard("[Space]");
      await eventually(() => handle.getAttribute("aria-pressed")).toBe("true");
      await eventually(heard).toContain(`${what} would move to position ${from} of ${total}.`);
      for (let place = from + 1; place <= from + places; place++) {
        await user.keyboard("[ArrowDown]");
        await eventually(heard).toContain(`${what} would move to position ${place} of ${total}.`);
      }
      await user.keyboard("[Space]");
      await eventually(heard).toContain(`${what} was dropped at position ${from + places} of ${total}.`);
    },
    setFormCode: async (code) => typeInto(user, await control(controls.formCode), code),
    undo: () => click(controls.undo),
    redo: () => click(controls.redo),
    restoreKeptWork: () => click(controls.restore, () => find(controls.restoreOffer)),
    discardKeptWork: () => click(controls.discard, () => find(controls.restoreOffer)),
    saveDraft: () => click(controls.saveDraft),
    publish: async () => user.click(await present(toolbarPublish, "Publish button")),
    confirmPublish: () => click(controls.publishConfirm, publishDialog),
    // While the answers are counted the dialog has no Cancel yet, only its close button.
    cancelPublish: () => click(find(controls.cancel, publishDialog()) ? controls.cancel : controls.close, publishDialog),
    confirmUnpublish: () => click(controls.saveAsDraft, unpublishDialog),
    cancelUnpublish: () => click(controls.cancel, unpublishDialog),
    loadTheirs: () => click(controls.loadTheirs, () => find(controls.conflict)),
    keepMine: () => click(controls.keepMine, () => find(controls.conflict)),
    retryLoad: () => click(controls.tryAgain, () => find(controls.loadFailed)),
    leave: () => click(controls.backToForms),
    stayOnPage: () => click(controls.stay, leaveDialog),
    discardAndLeave: () => click(controls.discardAndLeave, leaveDialog),
  };
}
