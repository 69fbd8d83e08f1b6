import { afterEach, describe, expect, it } from "vitest";
import { act, screen, waitFor, within } from "@testing-library/react";
import { notifications } from "@mantine/notifications";
import { renderApp } from "../../../tests/support/render-app";
import { observerRoutes } from "./observer.routes";
import { startTestServer, type TestServer } from "../../../tests/support/test-server";
import { oneObserver, ORGANIZER } from "../../../tests/support/seeds/observers.seed";

/** The screens this test visits. */
const FEATURES = [observerRoutes];

async function startServer() {
  return startTestServer({ seed: oneObserver });
}

async function openProfile(path: string, server?: TestServer, locale?: "en" | "ro") {
  server ??= await startServer();
  const app = renderApp({ features: FEATURES, path, storedToken: await server.tokenFor(ORGANIZER), fetch: server.fetch, locale });
  return Object.assign(app, { server });
}

const nameField = () => screen.getByRole("textbox", { name: /^Name/ });
const phoneField = () => screen.getByRole("textbox", { name: /^Phone/ });
const pinField = () => screen.getByLabelText(/^Password/);

afterEach(() => {
  sessionStorage.clear();
  // Mantine's notification store outlives a test's render.
  notifications.clean();
});

describe("ObserverShow", () => {
  it("adds an observer with trimmed, collapsed values, announces it and returns to /observatori", async () => {
    const app = await openProfile("/observatori/profil/new");
    expect(await screen.findByRole("heading", { level: 1, name: "Add observer" })).toBeInTheDocument();
    expect(nameField()).toHaveFocus();
    expect(nameField()).toBeRequired();
    expect(screen.getByRole("button", { name: "Save" })).toBeDisabled();

    await app.user.type(nameField(), "  Ana   Maria  Pop ");
    await app.user.type(phoneField(), " 0722000001 ");
    await app.user.type(pinField(), "1234");
    await app.user.click(screen.getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Observer has been added")).toBeInTheDocument();
    await waitFor(() => expect(app.currentPath()).toBe("/observatori"));
    expect(app.server.writes()).toEqual([
      { method: "POST", path: "/api/v1/observer", body: { name: "Ana Maria Pop", phone: "0722000001", pin: "1234", sendSMS: false } },
    ]);
    expect(sessionStorage.getItem("observer-draft:new")).toBeNull();
  });

  it("shows a duplicate phone on the phone field and keeps what was typed", async () => {
    // Ana Pop (0722000000) is already there: the server refuses the phone.
    const app = await openProfile("/observatori/profil/new");
    await app.user.type(await screen.findByRole("textbox", { name: /^Name/ }), "Ana Pop");
    await app.user.type(phoneField(), "0722000000");
    await app.user.type(pinField(), "1234");
    await app.user.click(screen.getByRole("button", { name: "Save" }));

    await waitFor(() => expect(phoneField()).toHaveAccessibleDescription(/This phone number is already used by another observer/));
    expect(phoneField()).toHaveAttribute("aria-invalid", "true");
    expect(nameField()).toHaveValue("Ana Pop");
    expect(pinField()).toHaveValue("1234");
    expect(app.currentPath()).toBe("/observatori/profil/new");
    expect(screen.getByRole("button", { name: "Save" })).toBeEnabled();

    await app.user.type(phoneField(), "1");
    expect(phoneField()).not.toHaveAccessibleDescription(/already used/);
  });

  it("validates on the fields and keeps Save disabled while invalid", async () => {
    const app = await openProfile("/observatori/profil/new");
    await app.user.type(await screen.findByRole("textbox", { name: /^Name/ }), "   ");
    await app.user.type(phoneField(), "07-22");
    await app.user.type(pinField(), "12");
    await app.user.tab();
    expect(nameField()).toHaveAccessibleDescription("This field is required");
    expect(phoneField()).toHaveAccessibleDescription("Enter 6 to 15 digits, optionally starting with +");
    expect(pinField()).toHaveAccessibleDescription(/Enter 4 to 6 digits/);
    expect(screen.getByRole("button", { name: "Save" })).toBeDisabled();
  });

  it("edits: loads the observer, saves with PUT without a PIN when it is left empty, and stays", async () => {
    const app = await openProfile("/observatori/profil/edit/7");
    expect(await screen.findByRole("heading", { level: 1, name: "Edit observer" })).toBeInTheDocument();
    await waitFor(() => expect(nameField()).toHaveValue("Ana Pop"));
    expect(pinField()).not.toBeRequired();
    expect(pinField()).toHaveAccessibleDescription(/Leave empty to keep the current password/);

    await app.user.clear(nameField());
    await app.user.type(nameField(), "Ana  Maria Pop");
    await app.user.click(screen.getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Changes have been saved")).toBeInTheDocument();
    expect(app.server.writes()).toEqual([
      { method: "PUT", path: "/api/v1/observer", body: { idObserver: 7, name: "Ana Maria Pop", phone: "0722000000" } },
    ]);
    expect(app.currentPath()).toBe("/observatori/profil/edit/7");
    expect(nameField()).toHaveValue("Ana Maria Pop");
  });

  it("views the observer with a disabled form, and Edit enables it", async () => {
    const app = await openProfile("/observatori/profil/view/7");
    expect(await screen.findByRole("heading", { level: 1, name: "Observer profile" })).toBeInTheDocument();
    await waitFor(() => expect(nameField()).toHaveValue("Ana Pop"));
    expect(nameField()).toBeDisabled();
    expect(phoneField()).toBeDisabled();
    expect(screen.queryByRole("button", { name: "Save" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Delete" })).not.toBeInTheDocument();

    await app.user.click(screen.getByRole("button", { name: "Edit" }));
    await waitFor(() => expect(app.currentPath()).toBe("/observatori/profil/edit/7"));
    expect(await screen.findByRole("heading", { level: 1, name: "Edit observer" })).toBeInTheDocument();
    expect(nameField()).toBeEnabled();
  });

  it("deletes after confirmation and returns to /observatori", async () => {
    const app = await openProfile("/observatori/profil/edit/7");
    const { server } = app;
    await waitFor(() => expect(nameField()).toHaveValue("Ana Pop"));
    await app.user.click(screen.getByRole("button", { name: "Delete" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("Are you sure you want to delete this observer?");
    expect(server.writes()).toEqual([]);

    await app.user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("The observer has been removed")).toBeInTheDocument();
    await waitFor(() => expect(app.currentPath()).toBe("/observatori"));
    expect(server.writes()).toEqual([{ method: "DELETE", path: "/api/v1/observer?id=7", body: null }]);
  });

  it("restores unsaved work after a reload, without the PIN, and Discard drops it", async () => {
    const first = await openProfile("/observatori/profil/new");
    await first.user.type(await screen.findByRole("textbox", { name: /^Name/ }), "Ana");
    await first.user.type(phoneField(), "0722");
    await first.user.type(pinField(), "1234");
    first.unmount();

    const second = await openProfile("/observatori/profil/new", first.server);
    expect(await screen.findByText("Restored your unsaved changes")).toBeInTheDocument();
    expect(nameField()).toHaveValue("Ana");
    expect(phoneField()).toHaveValue("0722");
    expect(pinField()).toHaveValue("");

    await second.user.click(screen.getByRole("button", { name: "Discard" }));
    expect(nameField()).toHaveValue("");
    expect(screen.queryByText("Restored your unsaved changes")).not.toBeInTheDocument();
    expect(sessionStorage.getItem("observer-draft:new")).toBeNull();
  });

  it("asks before leaving with unsaved changes: Stay keeps them, Discard and leave drops them", async () => {
    const app = await openProfile("/observatori/profil/edit/7");
    await waitFor(() => expect(nameField()).toHaveValue("Ana Pop"));
    await app.user.type(nameField(), " Maria");
    const reload = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(reload);
    expect(reload.defaultPrevented).toBe(true);

    await app.user.click(screen.getByRole("button", { name: "Back" }));
    const question = await screen.findByRole("dialog", { name: "Unsaved changes" });
    await app.user.click(within(question).getByRole("button", { name: "Stay" }));
    expect(app.currentPath()).toBe("/observatori/profil/edit/7");
    expect(nameField()).toHaveValue("Ana Pop Maria");

    await app.user.click(screen.getByRole("button", { name: "Back" }));
    const again = await screen.findByRole("dialog", { name: "Unsaved changes" });
    await app.user.click(within(again).getByRole("button", { name: "Discard and leave" }));
    await waitFor(() => expect(app.currentPath()).toBe("/observatori"));
    expect(sessionStorage.getItem("observer-draft:edit:7")).toBeNull();
  });

  it("leaves without asking after Cancel, which drops the unsaved changes", async () => {
    const app = await openProfile("/observatori/profil/new");
    await app.user.type(await screen.findByRole("textbox", { name: /^Name/ }), "Ana");
    await app.user.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(app.currentPath()).toBe("/observatori"));
    expect(screen.queryByRole("dialog", { name: "Unsaved changes" })).not.toBeInTheDocument();
    expect(sessionStorage.getItem("observer-draft:new")).toBeNull();
  });

  it("offers a retry when the observer cannot be loaded", async () => {
    const server = await startServer();
    server.fail("GET /api/v1/observer", 503, "unavailable", 1);
    const app = await openProfile("/observatori/profil/edit/7", server);
    expect(await screen.findByText("Could not load the observer")).toBeInTheDocument();
    await app.user.click(screen.getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(nameField()).toHaveValue("Ana Pop"));
  });

  it("speaks Romanian", async () => {
    const app = await openProfile("/observatori/profil/new", undefined, "ro");
    expect(await screen.findByRole("heading", { level: 1, name: "Adaugă observator" })).toBeInTheDocument();
    await app.user.type(screen.getByRole("textbox", { name: /^Nume/ }), " ");
    await act(() => app.user.tab());
    expect(screen.getByRole("textbox", { name: /^Nume/ })).toHaveAccessibleDescription("Acest câmp este obligatoriu");
    expect(screen.getByRole("button", { name: "Salvează" })).toBeDisabled();
  });
});

describe("ObserverResetPin", () => {
  async function openResetFromProfile(arrange: (server: TestServer) => void, path = "/observatori/profil/edit/7") {
    const server = await startServer();
    arrange(server);
    const app = await openProfile(path, server);
    await waitFor(() => expect(nameField()).toHaveValue("Ana Pop"));
    if (!path.includes("reset=1")) await app.user.click(screen.getByRole("button", { name: "Reset password" }));
    const dialog = await screen.findByRole("dialog", { name: "Reset password" });
    return { app, server, dialog };
  }

  it("enables Confirm only for 4 to 6 digits, resets the PIN and announces it", async () => {
    const { app, server, dialog } = await openResetFromProfile(() => {});
    const field = within(dialog).getByLabelText(/^Enter new password/);
    const confirm = within(dialog).getByRole("button", { name: "Confirm" });
    expect(confirm).toBeDisabled();
    await app.user.type(field, "123");
    expect(confirm).toBeDisabled();
    await app.user.type(field, "4567");
    expect(confirm).toBeDisabled();
    await app.user.clear(field);
    await app.user.type(field, "4321");
    expect(confirm).toBeEnabled();
    await app.user.click(confirm);

    expect(await screen.findByText("Password has been reset for the observer.")).toBeInTheDocument();
    expect(screen.getByText("Success")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Reset password" })).not.toBeInTheDocument());
    expect(server.writes()).toEqual([
      { method: "POST", path: "/api/v1/observer/reset", body: { action: "reset-password", phoneNumber: "0722000000", pin: "4321" } },
    ]);
  });

  it("announces a failure and keeps the modal open, opened by ?reset=1", async () => {
    const { app, dialog } = await openResetFromProfile(
      (server) => server.fail("POST /api/v1/observer/reset", 404, "not_found"),
      "/observatori/profil/edit/7?reset=1",
    );
    await app.user.type(within(dialog).getByLabelText(/^Enter new password/), "4321");
    await app.user.click(within(dialog).getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("Could not reset password")).toBeInTheDocument();
    expect(screen.getByText("Error")).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Reset password" })).toBeInTheDocument();
    expect(window.location.search).toBe("");
  });
});
