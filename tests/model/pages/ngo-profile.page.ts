import { screen, waitFor, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { expect } from "vitest";

export interface NgoFormInput {
  name: string;
  shortName: string;
}

const headings = { creating: "Add NGO", viewing: "NGO profile", editing: "Edit NGO" } as const;

/** The NGO profile page (/ong/...), in the words of its user (English UI). */
export function ngoProfilePage(user: UserEvent) {
  const nameField = () => screen.getByRole("textbox", { name: /^Name/ });
  const shortNameField = () => screen.getByRole("textbox", { name: /^Short name/ });
  const flags = () => [screen.getByRole("checkbox", { name: "Organizer" }), screen.getByRole("checkbox", { name: "Active" })];
  const saveButton = () => screen.getByRole("button", { name: "Save" });
  const dialog = () => screen.getByRole("dialog", { name: "Delete" });

  async function replaceText(field: HTMLElement, value: string) {
    await user.clear(field);
    if (value) await user.type(field, value);
  }

  return {
    async fillForm({ name, shortName }: NgoFormInput) {
      await replaceText(nameField(), name);
      await replaceText(shortNameField(), shortName);
    },
    clickSave: () => user.click(saveButton()),
    clickCancel: () => user.click(screen.getByRole("button", { name: "Cancel" })),
    clickEdit: () => user.click(screen.getByRole("button", { name: "Edit" })),
    clickDelete: () => user.click(screen.getByRole("button", { name: "Delete" })),
    clickConfirmDelete: () => user.click(within(dialog()).getByRole("button", { name: "Delete" })),
    clickDeclineDelete: () => user.click(within(dialog()).getByRole("button", { name: "Cancel" })),
    clickRetry: async () => user.click(await screen.findByRole("button", { name: "Retry" })),

    async seeLoading() {
      expect(await screen.findByLabelText("Loading")).toBeInTheDocument();
      expect(screen.queryByRole("textbox", { name: /^Name/ })).not.toBeInTheDocument();
    },
    async seeLoadFailed() {
      expect(await screen.findByText("Could not load the NGO")).toBeInTheDocument();
      expect(screen.getByRole("button", { name: "Retry" })).toBeEnabled();
    },
    async seeForm(mode: keyof typeof headings) {
      expect(await screen.findByRole("heading", { level: 1, name: headings[mode] })).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
      const readonly = mode === "viewing";
      for (const field of [nameField(), shortNameField(), ...flags()]) {
        if (readonly) expect(field).toBeDisabled();
        else expect(field).toBeEnabled();
      }
      if (readonly) expect(screen.queryByRole("button", { name: "Save" })).not.toBeInTheDocument();
      else expect(saveButton()).not.toHaveAttribute("data-loading");
      expect(screen.queryAllByRole("button", { name: "Delete" })).toHaveLength(mode === "editing" ? 1 : 0);
      expect(screen.queryAllByRole("region", { name: "Admin accounts" })).toHaveLength(mode === "creating" ? 0 : 1);
    },
    seeValues({ name, shortName }: NgoFormInput) {
      expect(nameField()).toHaveValue(name);
      expect(shortNameField()).toHaveValue(shortName);
    },
    async seeSaving() {
      await waitFor(() => expect(saveButton()).toHaveAttribute("data-loading", "true"));
      expect(screen.getByRole("button", { name: "Cancel" })).toBeDisabled();
    },
    async seeDeleteQuestion(name: string) {
      expect(await screen.findByRole("dialog", { name: "Delete" })).toHaveTextContent(`Are you sure you want to delete the NGO ${name}?`);
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
