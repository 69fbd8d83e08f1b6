import { afterEach, describe, expect, it } from "vitest";
import { act, screen, waitFor, within } from "@testing-library/react";
import { notifications } from "@mantine/notifications";
import { renderApp, withAccountChecks, type FakeFetch } from "../../../tests/support/render";
import type { Observer } from "./observers.actors";
import { organizerToken } from "../../../tests/support/token.fixtures";

const ana: Observer = {
  id: 7,
  name: "Ana Pop",
  phone: "0722000000",
  ngoId: 1,
  ngo: "NGO 1",
  deviceRegisterDate: null,
  lastSeen: null,
  numberOfNotes: 0,
  numberOfPollingStations: 0,
};

interface Call {
  method: string;
  path: string;
  body: unknown;
}

function problem(status: number, code: string, errors?: Record<string, { code: string; message: string }[]>) {
  return Response.json({ type: `urn:problem:${code}`, title: code, status, code, errors }, {
    status,
    headers: { "Content-Type": "application/problem+json" },
  });
}

/**
 * Plays the observer endpoints: `answers` maps "METHOD /path" (with the query) to an answer; observer lists and
 * counts (the list page after leaving the profile) are empty; any other call is a 404.
 */
function fakeServer(answers: Record<string, () => Response>) {
  const calls: Call[] = [];
  const fetch: FakeFetch = async (request) => {
    const url = new URL(request.url);
    const key = `${request.method} ${url.pathname}${url.search}`;
    const text = request.method === "GET" || request.method === "DELETE" ? "" : await request.text();
    calls.push({ method: request.method, path: `${url.pathname}${url.search}`, body: text ? JSON.parse(text) : null });
    const answer = answers[key];
    if (answer) return answer();
    if (url.pathname === "/api/v1/observer/count") return Response.json({ count: 0 });
    if (request.method === "GET" && url.pathname === "/api/v1/observer")
      return Response.json({ page: 1, pageSize: 20, totalItems: 0, totalPages: 1, data: [] });
    return problem(404, "not_found");
  };
  return { fetch: withAccountChecks(fetch), calls, writes: () => calls.filter((call) => call.method !== "GET") };
}

const loadAna = { "GET /api/v1/observer?id=7": () => Response.json({ page: 1, pageSize: 20, totalItems: 1, totalPages: 1, data: [ana] }) };

function openProfile(path: string, server: ReturnType<typeof fakeServer>, locale?: "en" | "ro") {
  return renderApp({ path, storedToken: organizerToken, fetch: server.fetch, locale });
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
    const server = fakeServer({ "POST /api/v1/observer": () => Response.json({ ...ana, name: "Ana Maria Pop" }, { status: 201 }) });
    const app = openProfile("/observatori/profil/new", server);
    expect(await screen.findByRole("heading", { level: 1, name: "Add observer" })).toBeInTheDocument();
    expect(nameField()).toHaveFocus();
    expect(nameField()).toBeRequired();
    expect(screen.getByRole("button", { name: "Save" })).toBeDisabled();

    await app.user.type(nameField(), "  Ana   Maria  Pop ");
    await app.user.type(phoneField(), " 0722000000 ");
    await app.user.type(pinField(), "1234");
    await app.user.click(screen.getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Observer has been added")).toBeInTheDocument();
    await waitFor(() => expect(app.currentPath()).toBe("/observatori"));
    expect(server.writes()).toEqual([
      { method: "POST", path: "/api/v1/observer", body: { name: "Ana Maria Pop", phone: "0722000000", pin: "1234", sendSMS: false } },
    ]);
    expect(sessionStorage.getItem("observer-draft:new")).toBeNull();
  });

  it("shows a duplicate phone on the phone field and keeps what was typed", async () => {
    const server = fakeServer({
      "POST /api/v1/observer": () => problem(409, "duplicate_phone", { phone: [{ code: "duplicate", message: "in use" }] }),
    });
    const app = openProfile("/observatori/profil/new", server);
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
    const app = openProfile("/observatori/profil/new", fakeServer({}));
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
    const server = fakeServer({ ...loadAna, "PUT /api/v1/observer": () => Response.json({ ...ana, name: "Ana Maria Pop" }) });
    const app = openProfile("/observatori/profil/edit/7", server);
    expect(await screen.findByRole("heading", { level: 1, name: "Edit observer" })).toBeInTheDocument();
    await waitFor(() => expect(nameField()).toHaveValue("Ana Pop"));
    expect(pinField()).not.toBeRequired();
    expect(pinField()).toHaveAccessibleDescription(/Leave empty to keep the current password/);

    await app.user.clear(nameField());
    await app.user.type(nameField(), "Ana  Maria Pop");
    await app.user.click(screen.getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Changes have been saved")).toBeInTheDocument();
    expect(server.writes()).toEqual([
      { method: "PUT", path: "/api/v1/observer", body: { idObserver: 7, name: "Ana Maria Pop", phone: "0722000000" } },
    ]);
    expect(app.currentPath()).toBe("/observatori/profil/edit/7");
    expect(nameField()).toHaveValue("Ana Maria Pop");
  });

  it("views the observer with a disabled form, and Edit enables it", async () => {
    const app = openProfile("/observatori/profil/view/7", fakeServer(loadAna));
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
    const server = fakeServer({ ...loadAna, "DELETE /api/v1/observer?id=7": () => new Response(null, { status: 204 }) });
    const app = openProfile("/observatori/profil/edit/7", server);
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
    const first = openProfile("/observatori/profil/new", fakeServer({}));
    await first.user.type(await screen.findByRole("textbox", { name: /^Name/ }), "Ana");
    await first.user.type(phoneField(), "0722");
    await first.user.type(pinField(), "1234");
    first.unmount();

    const second = openProfile("/observatori/profil/new", fakeServer({}));
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
    const app = openProfile("/observatori/profil/edit/7", fakeServer(loadAna));
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
    const app = openProfile("/observatori/profil/new", fakeServer({}));
    await app.user.type(await screen.findByRole("textbox", { name: /^Name/ }), "Ana");
    await app.user.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(app.currentPath()).toBe("/observatori"));
    expect(screen.queryByRole("dialog", { name: "Unsaved changes" })).not.toBeInTheDocument();
    expect(sessionStorage.getItem("observer-draft:new")).toBeNull();
  });

  it("offers a retry when the observer cannot be loaded", async () => {
    let loads = 0;
    const server = fakeServer({
      "GET /api/v1/observer?id=7": () => (++loads === 1 ? problem(503, "unavailable") : loadAna["GET /api/v1/observer?id=7"]()),
    });
    const app = openProfile("/observatori/profil/edit/7", server);
    expect(await screen.findByText("Could not load the observer")).toBeInTheDocument();
    await app.user.click(screen.getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(nameField()).toHaveValue("Ana Pop"));
  });

  it("speaks Romanian", async () => {
    const app = openProfile("/observatori/profil/new", fakeServer({}), "ro");
    expect(await screen.findByRole("heading", { level: 1, name: "Adaugă observator" })).toBeInTheDocument();
    await app.user.type(screen.getByRole("textbox", { name: /^Nume/ }), " ");
    await act(() => app.user.tab());
    expect(screen.getByRole("textbox", { name: /^Nume/ })).toHaveAccessibleDescription("Acest câmp este obligatoriu");
    expect(screen.getByRole("button", { name: "Salvează" })).toBeDisabled();
  });
});

describe("ObserverResetPin", () => {
  async function openResetFromProfile(reset: () => Response, path = "/observatori/profil/edit/7") {
    const server = fakeServer({ ...loadAna, "POST /api/v1/observer/reset": reset });
    const app = openProfile(path, server);
    await waitFor(() => expect(nameField()).toHaveValue("Ana Pop"));
    if (!path.includes("reset=1")) await app.user.click(screen.getByRole("button", { name: "Reset password" }));
    const dialog = await screen.findByRole("dialog", { name: "Reset password" });
    return { app, server, dialog };
  }

  it("enables Confirm only for 4 to 6 digits, resets the PIN and announces it", async () => {
    const { app, server, dialog } = await openResetFromProfile(() => new Response(null, { status: 204 }));
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
    const { app, dialog } = await openResetFromProfile(() => problem(404, "not_found"), "/observatori/profil/edit/7?reset=1");
    await app.user.type(within(dialog).getByLabelText(/^Enter new password/), "4321");
    await app.user.click(within(dialog).getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("Could not reset password")).toBeInTheDocument();
    expect(screen.getByText("Error")).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Reset password" })).toBeInTheDocument();
    expect(window.location.search).toBe("");
  });
});
