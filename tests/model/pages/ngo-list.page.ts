import { screen, waitFor, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { expect } from "vitest";

/** The NGO list (/ong) and its row actions, in the words of its user (English UI). */
export function ngoListPage(user: UserEvent) {
  const dialog = () => screen.getByRole("dialog");
  const toastOf = (text: string) => screen.getAllByText(text).at(-1)?.closest(".mantine-Notification-root") as HTMLElement;

  return {
    async seeRow(name: string) {
      expect(await screen.findByRole("rowheader", { name })).toBeInTheDocument();
    },
    async clickRowAction(name: string, action: "Delete" | "Make active" | "Make inactive") {
      await user.click(screen.getByRole("button", { name: `More actions for ${name}` }));
      await user.click(await screen.findByRole("menuitem", { name: action }));
    },
    async seeQuestion(question: string) {
      expect(await screen.findByRole("dialog", { name: "Delete" })).toHaveTextContent(question);
      expect(within(dialog()).getByRole("button", { name: "Delete" })).toBeEnabled();
      expect(within(dialog()).getByRole("button", { name: "Cancel" })).toBeEnabled();
    },
    async seeDialogWaiting() {
      await waitFor(() => expect(within(dialog()).getByRole("button", { name: "Delete" })).toHaveAttribute("data-loading"));
      expect(within(dialog()).getByRole("button", { name: "Cancel" })).toBeDisabled();
    },
    async seeNoDialog() {
      await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    },
    async clickConfirm() {
      await user.click(within(dialog()).getByRole("button", { name: "Delete" }));
    },
    async clickCancel() {
      await user.click(within(dialog()).getByRole("button", { name: "Cancel" }));
    },
    async seeToast(title: "Success" | "Error", message: string) {
      await waitFor(() => expect(toastOf(message)).toHaveTextContent(title));
    },
    /** Whether the latest toast with this message offers "Try again". */
    seeRetryOffered(message: string, offered: boolean) {
      expect(within(toastOf(message)).queryByRole("button", { name: "Try again" }) !== null).toBe(offered);
    },
    async clickTryAgain(message: string) {
      await user.click(within(toastOf(message)).getByRole("button", { name: "Try again" }));
    },
  };
}

export type NgoListPage = ReturnType<typeof ngoListPage>;
