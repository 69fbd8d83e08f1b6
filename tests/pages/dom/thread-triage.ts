import type { UserEvent } from "@testing-library/user-event";
import { TRIAGE_WORDS, triageControls, type ThreadTriage, type TriageView } from "../thread-triage";
import { control, find, findAll, need, present, read, stateOf, textOf, typeInto } from "./find";

const TYPING = "input, textarea, select, [contenteditable='true'], [role='textbox']";

export function threadTriage(user: UserEvent): ThreadTriage {
  const controls = triageControls();
  const panel = () => find(controls.panel);
  const dialog = () => find(controls.dialog, panel());
  /** A button of the panel itself: the take-over dialog (inline under MantineProvider env="test") has its own. */
  const panelButton = (target: Parameters<typeof findAll>[0]) => {
    const found = findAll(target, panel()).filter((button) => !button.closest("[role='dialog']"));
    if (found.length > 1) throw new Error(`${found.length} elements match ${JSON.stringify(target)}`);
    return found[0] ?? null;
  };
  const click = async (target: Parameters<typeof control>[0], scope: () => HTMLElement | null = panel) => user.click(await control(target, scope));

  function view(): TriageView {
    const root = panel();
    if (!root) throw new Error("no triage panel on screen");
    if (find(controls.loading, root)) return { phase: "loading" };
    const alerts = findAll(controls.alert, root).map((alert) => textOf(alert) ?? "");
    const timeline = find(controls.timeline, root);
    const comment = find(controls.comment, root) as HTMLTextAreaElement | null;
    if (!comment) return { phase: "failed", alerts };
    const reviewState = find(controls.reviewState, root);
    const options = findAll(controls.anyStateOption, reviewState) as HTMLInputElement[];
    const chosen = options.find((option) => option.checked);
    const note = find(controls.resolutionNote, root) as HTMLTextAreaElement | null;
    return {
      phase: "ready",
      alerts,
      holder: textOf(find(controls.holder, root)),
      claim: stateOf(panelButton(controls.claim)),
      release: stateOf(panelButton(controls.release)),
      takeOver: stateOf(panelButton(controls.takeOver)),
      dialog: textOf(dialog()),
      review: { chosen: chosen ? (chosen.labels?.[0]?.textContent ?? chosen.value) : null, control: options.every((option) => option.disabled) ? "disabled" : "enabled" },
      undo: textOf(panelButton(controls.undo)),
      resolution: note ? { note: note.value } : null,
      comment: { text: comment.value, readOnly: comment.readOnly, add: stateOf(panelButton(controls.addComment)) },
      comments: findAll(controls.entry, timeline)
        .filter((entry) => TRIAGE_WORDS.commented.test(entry.textContent ?? ""))
        .map((entry) => textOf(entry)?.replace(/^.* commented/, "") ?? ""),
    };
  }

  return {
    view: read(view),
    commentFocused: read(() => document.activeElement !== null && document.activeElement === find(controls.comment, panel())),

    claim: () => click(controls.claim),
    takeOver: async () => user.click(await present(() => panelButton(controls.takeOver), "Take over button")),
    confirmTakeOver: () => click(controls.takeOver, dialog),
    cancelTakeOver: () => click(controls.cancel, dialog),
    release: () => click(controls.release),
    chooseState: (label) => click(controls.stateOption(label), () => find(controls.reviewState, panel())),
    async typeResolutionNote(note) {
      await typeInto(user, await control(controls.resolutionNote, panel), note);
    },
    resolve: () => click(controls.resolve),
    cancelResolution: () => click(controls.cancel),
    undo: () => click(controls.undo),
    async typeComment(text) {
      await typeInto(user, await control(controls.comment, panel), text);
    },
    addComment: () => click(controls.addComment),
    retry: () => click(controls.retry),
    async shortcut(key) {
      // A key typed into a field is text, not a shortcut: click away from it first, as a user would.
      if (document.activeElement?.closest(TYPING)) await user.click(need(controls.title, panel()));
      await user.keyboard(key);
    },
  };
}
