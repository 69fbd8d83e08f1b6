import { screen } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { expect } from "vitest";
import { profilePage } from "./profile.page";

/** The observer profile page (/observatori/profil/...): the shared profile verbs plus the phone's own error. */
export function observerProfilePage(user: UserEvent) {
  const phoneField = () => screen.getByRole("textbox", { name: /^Phone/ });
  const page = profilePage(user, {
    headings: { creating: "Add observer", viewing: "Observer profile", editing: "Edit observer" },
    loadFailedTitle: "Could not load the observer",
    fields: {
      name: () => screen.getByRole("textbox", { name: /^Name/ }),
      phone: phoneField,
      pin: () => screen.getByLabelText(/^Password/),
    },
    seeExtras: (mode) =>
      expect(screen.queryAllByRole("button", { name: "Reset password" })).toHaveLength(mode === "editing" ? 1 : 0),
  });
  return {
    ...page,
    seePhoneError(message: string) {
      expect(phoneField()).toHaveAccessibleDescription(expect.stringContaining(message) as string);
      expect(phoneField()).toHaveAttribute("aria-invalid", "true");
    },
  };
}
