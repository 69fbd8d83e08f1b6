import { screen } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { expect } from "vitest";
import { profilePage } from "./profile.page";

/** The NGO profile page (/ong/...): the shared profile verbs, with the admins listed beside a saved NGO. */
export function ngoProfilePage(user: UserEvent) {
  return profilePage(user, {
    headings: { creating: "Add NGO", viewing: "NGO profile", editing: "Edit NGO" },
    loadFailedTitle: "Could not load the NGO",
    fields: {
      name: () => screen.getByRole("textbox", { name: /^Name/ }),
      shortName: () => screen.getByRole("textbox", { name: /^Short name/ }),
      organizer: () => screen.getByRole("checkbox", { name: "Organizer" }),
      isActive: () => screen.getByRole("checkbox", { name: "Active" }),
    },
    seeExtras: (mode) =>
      expect(screen.queryAllByRole("region", { name: "Admin accounts" })).toHaveLength(mode === "creating" ? 0 : 1),
  });
}
