import { screen, waitFor, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { expect } from "vitest";

/** The signed-in shell's header, in the words of its user (English UI). */
export function appHeader(user: UserEvent) {
  return {
    async seeSignedInAs(account: string) {
      await waitFor(() => expect(screen.getByTestId("user-name")).toHaveTextContent(account));
      expect(screen.getByRole("button", { name: "Logout" })).toBeInTheDocument();
    },
    /** The header's own links are display:none below the lg breakpoint (jsdom is 1024 px wide), hence hidden: true. */
    async seeNgosLink(shown: boolean) {
      const navigation = within(within(await screen.findByRole("banner")).getByRole("navigation", { hidden: true }));
      await waitFor(() => expect(navigation.queryAllByRole("link", { name: "NGOs", hidden: true })).toHaveLength(shown ? 1 : 0));
    },
    async clickLogout() {
      await user.click(await screen.findByRole("button", { name: "Logout" }));
    },
  };
}
