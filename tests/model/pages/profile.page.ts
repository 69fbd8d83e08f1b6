import { screen, waitFor, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { expect } from "vitest";
import type { PageMode, PageValues } from "../../../src/shared/machines/page-mode.machine";

/** What tells one profile page from another, in the words of its user (English UI). */
export interface ProfilePageSpec {
  headings: Record<PageMode, string>;
  loadFailedTitle: string;
  /** Each draft field's control: a text box (or password box) or a checkbox. */
  fields: Record<string, () => HTMLElement>;
  /** What else the form shows in a mode (the NGO's admins, the observer's Reset password). */
  seeExtras?: (mode: PageMode) => void;
}

/** The verbs every profile page (observer, NGO, and later the form editor) shares; each page adds its own. */
export function profilePage(user: UserEvent, spec: ProfilePageSpec) {
  const saveButton = () => screen.getByRole("button", { name: "Save" });
  const dialog = () => screen.getByRole("dialog", { name: "Delete" });
  const isCheckbox = (field: HTMLElement) => field.getAttribute("type") === "checkbox";

  return {
    async fill(field: string, value: PageValues[string]) {
      const control = spec.fields[field]?.();
      if (!control) throw new Error(`no field ${field} on this page`);
      if (isCheckbox(control)) {
        if ((control as HTMLInputElement).checked !== value) await user.click(control);
        return;
      }
      await user.clear(control);
      if (value) await user.type(control, String(value));
    },
    clickSave: () => user.click(saveButton()),
    clickCancel: () => user.click(screen.getByRole("button", { name: "Cancel" })),
    clickEdit: () => user.click(screen.getByRole("button", { name: "Edit" })),
    clickDelete: () => user.click(screen.getByRole("button", { name: "Delete" })),
    clickDiscardChanges: () => user.click(screen.getByRole("button", { name: "Discard changes" })),
    clickConfirmDelete: () => user.click(within(dialog()).getByRole("button", { name: "Delete" })),
    clickDeclineDelete: () => user.click(within(dialog()).getByRole("button", { name: "Cancel" })),
    clickRetry: async () => user.click(await screen.findByRole("button", { name: "Retry" })),

    seesEdit: () => screen.queryByRole("button", { name: "Edit" }) !== null,
    async seeHeading(mode: PageMode) {
      expect(await screen.findByRole("heading", { level: 1, name: spec.headings[mode] })).toBeInTheDocument();
    },
    async seeLoading() {
      expect(await screen.findByLabelText("Loading")).toBeInTheDocument();
      expect(screen.queryByRole("button", { name: "Save" })).not.toBeInTheDocument();
    },
    async seeLoadFailed() {
      expect(await screen.findByText(spec.loadFailedTitle)).toBeInTheDocument();
      expect(screen.getByRole("button", { name: "Retry" })).toBeEnabled();
    },
    /** The form in a mode: read-only while viewing, Save enabled exactly when the page would take it. */
    async seeForm(mode: PageMode, canSave: boolean) {
      await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
      const readonly = mode === "viewing";
      for (const field of Object.values(spec.fields)) {
        if (readonly) expect(field()).toBeDisabled();
        else expect(field()).toBeEnabled();
      }
      if (readonly) expect(screen.queryByRole("button", { name: "Save" })).not.toBeInTheDocument();
      else {
        expect(saveButton()).not.toHaveAttribute("data-loading");
        if (canSave) expect(saveButton()).toBeEnabled();
        else expect(saveButton()).toBeDisabled();
      }
      expect(screen.queryAllByRole("button", { name: "Delete" })).toHaveLength(mode === "editing" ? 1 : 0);
      spec.seeExtras?.(mode);
    },
    /** The draft on screen, field by field. */
    seeValues(values: PageValues) {
      for (const [name, field] of Object.entries(spec.fields)) {
        const control = field();
        if (isCheckbox(control)) expect(control).toHaveProperty("checked", values[name]);
        else expect(control).toHaveValue(values[name] as string);
      }
    },
    seeDiscardChanges(offered: boolean) {
      expect(screen.queryAllByRole("button", { name: "Discard changes" })).toHaveLength(offered ? 1 : 0);
    },
    async seeSaving() {
      await waitFor(() => expect(saveButton()).toHaveAttribute("data-loading", "true"));
      expect(screen.getByRole("button", { name: "Cancel" })).toBeDisabled();
    },
    async seeDeleteQuestion(question: string) {
      expect(await screen.findByRole("dialog", { name: "Delete" })).toHaveTextContent(question);
      expect(within(dialog()).getByRole("button", { name: "Delete" })).not.toHaveAttribute("data-loading");
    },
    async seeDeleting() {
      await waitFor(() => expect(within(dialog()).getByRole("button", { name: "Delete" })).toHaveAttribute("data-loading", "true"));
      expect(within(dialog()).getByRole("button", { name: "Cancel" })).toBeDisabled();
    },
    async seeNotification(message: string) {
      await waitFor(() =>
        expect(screen.getAllByRole("alert").filter((notification) => notification.textContent?.includes(message))).toHaveLength(1),
      );
    },
    /** react-router follows browser history (back/forward) through popstate. */
    goTo(path: string) {
      const index = ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1;
      window.history.pushState({ usr: null, key: `model-${index}`, idx: index }, "", path);
      window.dispatchEvent(new PopStateEvent("popstate", { state: window.history.state as unknown }));
    },
  };
}

export type ProfilePage = ReturnType<typeof profilePage>;
