import { screen, waitFor, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { expect } from "vitest";

/** The login screen, in the words of its user (English UI). */
export function loginPage(user: UserEvent) {
  const submitButton = () => screen.getByRole("button", { name: "Login" });
  return {
    async fillCredentials(account: string, password: string) {
      const accountField = await screen.findByRole("textbox", { name: /Phone number/ });
      await user.clear(accountField);
      await user.type(accountField, account);
      const passwordField = screen.getByLabelText(/^Password/);
      await user.clear(passwordField);
      await user.type(passwordField, password);
    },
    async clickLogin() {
      await user.click(submitButton());
    },
    async seeLoginForm() {
      expect(await screen.findByRole("heading", { level: 2, name: "Login" })).toBeInTheDocument();
      expect(screen.getByRole("textbox", { name: /Phone number/ })).toBeRequired();
    },
    async seeLoginBusy() {
      await waitFor(() => expect(submitButton()).toHaveAttribute("aria-busy", "true"));
      expect(within(submitButton()).getByTestId("login-loader")).toBeInTheDocument();
    },
    async seeLoginError(message: string) {
      expect(await screen.findByRole("alert")).toHaveTextContent(message);
      expect(submitButton()).toHaveAttribute("aria-busy", "false");
    },
    seeNoLoginError() {
      expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    },
  };
}
