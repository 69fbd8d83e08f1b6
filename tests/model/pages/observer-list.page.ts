import { screen, waitFor, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { expect } from "vitest";

/** The observers list (/observatori), in the words of its user (English UI). */
export function observerListPage(user: UserEvent) {
  const table = () => screen.getByRole("table", { name: "Observers" });
  const bodyRows = () => within(table()).getAllByRole("row").slice(1);
  const nextButton = () => screen.getByRole("button", { name: "Next" });
  const previousButton = () => screen.getByRole("button", { name: "Previous" });
  const filterForm = () => screen.getByRole("search", { name: "Search observers" });
  const sortButton = (column: string) => within(table()).getByRole("button", { name: column });

  return {
    async seeTitle(total: number) {
      await waitFor(() => expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(`Observers (${total})`));
    },
    /** The names in the table, in order. */
    async seeRows(names: string[]) {
      await waitFor(() => expect(bodyRows().map((row) => within(row).getByRole("rowheader").textContent)).toEqual(names));
    },
    async seeRange(from: number, to: number, total: number) {
      await waitFor(() => expect(screen.getByTestId("list-range")).toHaveTextContent(`Showing ${from} to ${to} of ${total}`));
    },
    async seeNoResults() {
      expect(await screen.findByText("No observers found.")).toBeInTheDocument();
      expect(screen.queryByRole("table", { name: "Observers" })).not.toBeInTheDocument();
    },
    seePaging({ previous, next }: { previous: boolean; next: boolean }) {
      expect(previousButton()).toHaveProperty("disabled", !previous);
      expect(nextButton()).toHaveProperty("disabled", !next);
    },
    async seeLoading() {
      expect(await screen.findByTestId("list-loading")).toHaveTextContent("Loading");
    },
    seeNotLoading() {
      expect(screen.queryByTestId("list-loading")).not.toBeInTheDocument();
    },
    async seeLoadError(message: string) {
      expect(await screen.findByRole("alert")).toHaveTextContent(message);
    },
    seeNoLoadError() {
      expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    },
    async clickNext() {
      await user.click(nextButton());
    },
    async clickPrevious() {
      await user.click(previousButton());
    },
    async clickRefresh() {
      await user.click(screen.getByRole("button", { name: "Refresh the list" }));
    },
    /** The refresh icon spins (Mantine marks a loading ActionIcon with data-loading) while the page loads again. */
    async seeRefreshing(refreshing: boolean) {
      const button = screen.getByRole("button", { name: "Refresh the list" });
      await waitFor(() => expect(button.hasAttribute("data-loading")).toBe(refreshing));
    },
    async clickRetry() {
      await user.click(within(await screen.findByRole("alert")).getByRole("button", { name: "Try again" }));
    },
    async filterBy({ name = "", phone = "" }: { name?: string; phone?: string }) {
      const form = within(filterForm());
      await user.clear(form.getByRole("textbox", { name: "Name" }));
      if (name) await user.type(form.getByRole("textbox", { name: "Name" }), name);
      await user.clear(form.getByRole("textbox", { name: "Phone" }));
      if (phone) await user.type(form.getByRole("textbox", { name: "Phone" }), phone);
      await user.click(form.getByRole("button", { name: "Filter" }));
    },
    async clickReset() {
      await user.click(within(filterForm()).getByRole("button", { name: "Reset" }));
    },
    seeFilterButtons({ filter, reset }: { filter: boolean; reset: boolean }) {
      const form = within(filterForm());
      expect(form.getByRole("button", { name: "Filter" })).toHaveProperty("disabled", !filter);
      expect(form.getByRole("button", { name: "Reset" })).toHaveProperty("disabled", !reset);
    },
    async clickSort(column: "Name" | "Last login") {
      await user.click(sortButton(column));
    },
    seeSortedBy(column: "Name" | "Last login", direction: "ascending" | "descending") {
      expect(sortButton(column).closest("th")).toHaveAttribute("aria-sort", direction);
    },
    async clickSelect(name: string) {
      await user.click(screen.getByRole("checkbox", { name: `Select ${name}` }));
    },
    async clickSelectAll() {
      await user.click(screen.getByRole("checkbox", { name: "Select all observers on this page" }));
    },
    async seeSelectedCount(count: number) {
      if (count === 0) {
        await waitFor(() => expect(screen.queryByTestId("selection-bar")).not.toBeInTheDocument());
        const selectAll = screen.queryByRole("checkbox", { name: "Select all observers on this page" });
        if (selectAll) expect(selectAll).not.toBeChecked();
        return;
      }
      const bar = await screen.findByTestId("selection-bar");
      expect(bar).toHaveTextContent(count === 1 ? "1 observer selected" : `${count} observers selected`);
    },
    seeSelectAll(state: "checked" | "indeterminate" | "unchecked") {
      const selectAll = screen.getByRole("checkbox", { name: "Select all observers on this page" });
      expect(selectAll).toHaveProperty("checked", state === "checked");
      expect(selectAll).toHaveProperty("indeterminate", state === "indeterminate");
    },
    /** Selected rows, by observer name. */
    seeSelected(names: string[]) {
      const checked = screen
        .getAllByRole("checkbox", { name: /^Select (?!all)/ })
        .filter((checkbox) => (checkbox as HTMLInputElement).checked)
        .map((checkbox) => checkbox.getAttribute("aria-label")?.replace(/^Select /, ""));
      expect(checked).toEqual(names);
    },
    async clickDeleteSelected() {
      await user.click(within(await screen.findByTestId("selection-bar")).getByRole("button", { name: "Delete" }));
    },
    async clickSendNotification() {
      await user.click(within(await screen.findByTestId("selection-bar")).getByRole("button", { name: "Send notification" }));
    },
    async clickRowAction(name: string, action: "Delete" | "Notification" | "Reset password") {
      await user.click(screen.getByRole("button", { name: `More actions for ${name}` }));
      await user.click(await screen.findByRole("menuitem", { name: action }));
    },
    async confirmDelete(question: string) {
      const dialog = await screen.findByRole("dialog");
      expect(dialog).toHaveTextContent(question);
      await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    },
    async seeToast(title: string, message: string) {
      const toast = await screen.findByText(message);
      expect(toast.closest(".mantine-Notification-root")).toHaveTextContent(title);
    },
    async switchTo(mode: "Table" | "Cards") {
      await user.click(screen.getByRole("radio", { name: mode }));
    },
    async seeCards(names: string[]) {
      const cards = within(await screen.findByRole("list", { name: "Observers" })).getAllByRole("listitem");
      expect(cards.map((card) => card.getAttribute("aria-label"))).toEqual(names);
    },
    async clickExport() {
      await user.click(screen.getByRole("button", { name: "Export" }));
    },
  };
}

export type ObserverListPage = ReturnType<typeof observerListPage>;
