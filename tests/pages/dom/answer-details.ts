import type { UserEvent } from "@testing-library/user-event";
import { detailsControls, type AnswerDetails, type DetailsView } from "../answer-details";
import { control, find, findAll, present, read, textOf } from "./find";

export function answerDetails(user: UserEvent): AnswerDetails {
  const controls = detailsControls();
  const pane = () => find(controls.pane);
  /** The pane's own elements: its triage panel has loaders, alerts and a Try again of its own. */
  const own = (target: Parameters<typeof findAll>[0], scope: HTMLElement | null = pane()) => {
    const triage = find(controls.triage, pane());
    return findAll(target, scope).filter((element) => !triage?.contains(element));
  };
  const tabPanel = () => findAll(controls.tabPanel, pane()).find((panel) => !panel.hidden) ?? null;

  function view(): DetailsView {
    const root = pane();
    if (!root) throw new Error("no answer details pane on screen");
    if (own(controls.loading).length > 0 && !find(controls.stationFacts, root)) return { phase: "loading" };
    const alerts = own(controls.alert).map((alert) => textOf(alert) ?? "");
    const factsBlock = find(controls.stationFacts, root);
    if (!factsBlock) return { phase: "failed", alerts };
    const rows = findAll(controls.row, factsBlock).map((row) => [textOf(find(controls.rowHeader, row)) ?? "", textOf(find(controls.cell, row)) ?? ""]);
    const heading = factsBlock.firstElementChild;
    const factsText = [...factsBlock.children].filter((child) => child !== heading).map((child) => textOf(child) ?? "").join(" ");
    const form = tabPanel();
    return {
      phase: "loaded",
      alerts,
      facts: rows.length > 0 ? rows : factsText,
      stationNotes: findAll(controls.note, find(controls.stationNotes, root)).map((note) => textOf(note) ?? ""),
      tabs: findAll(controls.tab, root).map((tab) => textOf(tab) ?? ""),
      selectedTab: textOf(findAll(controls.tab, root).find((tab) => tab.getAttribute("aria-selected") === "true") ?? null),
      noForms: find(controls.noForms, root) !== null,
      form: {
        loading: form !== null && find(controls.loading, form) !== null,
        questions: findAll(controls.question, form).map((question) => ({
          name: question.getAttribute("aria-label") ?? "",
          checked: findAll(controls.option, question)
            .filter((option) => (option as HTMLInputElement).checked)
            .map((option) => (option as HTMLInputElement).labels?.[0]?.textContent ?? ""),
          notes: textOf(find(controls.notesToggle, question)) ?? "",
        })),
      },
    };
  }

  return {
    view: read(view),
    async openThread(key) {
      const row = await present(() => findAll(controls.thread).find((thread) => thread.dataset.threadKey === key), `thread ${key} in the list`);
      await user.click(row);
    },
    chooseTab: async (title) => user.click(await control(controls.tabNamed(title), pane)),
    retry: async () => user.click(await present(() => own(controls.retry)[0], "Try again of the pane")),
    retryForm: async () => user.click(await control(controls.retry, tabPanel)),
  };
}
