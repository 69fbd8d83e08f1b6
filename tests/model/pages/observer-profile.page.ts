import { screen, waitFor, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { expect } from "vitest";

export interface ObserverFormInput {
  name: string;
  phone: string;
  pin: string;
}

const headings = { creating: "Add observer", viewing: "Observer profile", editing: "Edit observer" } as const;

/** The observer profile page (/observatori/profil/...), in the words of its user (English UI). */
export function observerProfilePage(user: UserEvent) {
  const nameField = () => screen.getByRole("textbox", { name: /^Name/ });
  const phoneField = () => screen.getByRole("textbox", { name: /^Phone/ });
  const pinField = () => screen.getByLabelText(/^Password/);
  const saveButton = () => screen.getByRole("button", { name: "Save" });
  const dialog = () => screen.getByRole("dialog", { name: "Delete" });

  async function replaceText(field: HTMLElement, value: string) {
    await user.clear(field);
    if (value) await user.type(field, value);
  }

  return {
    async fillForm({ name, phone, pin }: ObserverFormInput) {
      await replaceText(nameField(), name);
      await replaceText(phoneField(), phone);
      await replaceText(pinField(), pin);
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
      expect(await screen.findByText("Could not load the observer")).toBeInTheDocument();
      expect(screen.getByRole("button", { name: "Retry" })).toBeEnabled();
    },
    async seeForm(mode: keyof typeof headings) {
      expect(await screen.findByRole("heading", { level: 1, name: headings[mode] })).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
      const readonly = mode === "viewing";
      for (const field of [nameField(), phoneField(), pinField()]) {
        if (readonly) expect(field).toBeDisabled();
        else expect(field).toBeEnabled();
      }
      if (readonly) expect(screen.queryByRole("button", { name: "Save" })).not.toBeInTheDocument();
      else expect(saveButton()).not.toHaveAttribute("data-loading");
      expect(screen.queryAllByRole("button", { name: "Delete" })).toHaveLength(mode === "editing" ? 1 : 0);
    },
    seeValues({ name, phone }: Pick<ObserverFormInput, "name" | "phone">) {
      expect(nameField()).toHaveValue(name);
      expect(phoneField()).toHaveValue(phone);
    },
    async seeSaving() {
      await waitFor(() => expect(saveButton()).toHaveAttribute("data-loading", "true"));
      expect(screen.getByRole("button", { name: "Cancel" })).toBeDisabled();
    },
    seePhoneError(message: string) {
      expect(phoneField()).toHaveAccessibleDescription(expect.stringContaining(message) as string);
      expect(phoneField()).toHaveAttribute("aria-invalid", "true");
    },
    async seeDeleteQuestion() {
      expect(await screen.findByRole("dialog", { name: "Delete" })).toHaveTextContent("Are you sure you want to delete this observer?");
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
