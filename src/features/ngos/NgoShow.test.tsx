import { afterEach, describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { notifications } from "@mantine/notifications";
import { renderApp } from "../../../tests/support/render-app";
import { ngoRoutes } from "./ngo.routes";
import { startTestServer } from "../../../tests/support/test-server";
import { ngoProfiles, ORGANIZER } from "../../../tests/support/seeds/ngos.seed";

/** The screens this test visits. */
const FEATURES = [ngoRoutes];

async function openProfile(path: string, hold?: string) {
  const server = await startTestServer({ seed: ngoProfiles });
  const queue = hold ? server.hold(hold) : null;
  const app = renderApp({ features: FEATURES, path, storedToken: await server.tokenFor(ORGANIZER), fetch: server.fetch });
  return { server, queue: queue!, app };
}

const nameField = () => screen.getByRole("textbox", { name: /^Name/ });
const shortNameField = () => screen.getByRole("textbox", { name: /^Short name/ });
const organizerBox = () => screen.getByRole("checkbox", { name: "Organizer" });
const activeBox = () => screen.getByRole("checkbox", { name: "Active" });
const adminsSection = () => screen.getByRole("region", { name: "Admin accounts" });
const adminAddForm = () => screen.getByRole("form", { name: "Add an admin account" });

afterEach(() => {
  // The profile keeps unsaved drafts per route in sessionStorage.
  sessionStorage.clear();
  notifications.clean();
});

describe("NgoShow", () => {
  it("adds an NGO with trimmed names, announces it and returns to /ong", async () => {
    const { server, app } = await openProfile("/ong/new");
    expect(await screen.findByRole("heading", { level: 1, name: "Add NGO" })).toBeInTheDocument();
    expect(nameField()).toBeRequired();
    expect(shortNameField()).toBeRequired();
    expect(activeBox()).toBeChecked();
    expect(organizerBox()).not.toBeChecked();
    expect(screen.getByRole("button", { name: "Save" })).toBeDisabled();
    expect(screen.queryByRole("region", { name: "Admin accounts" })).not.toBeInTheDocument();

    await app.user.type(nameField(), "  Funky Citizens ");
    expect(screen.getByRole("button", { name: "Save" })).toBeDisabled();
    await app.user.type(shortNameField(), "   ");
    expect(screen.getByRole("button", { name: "Save" })).toBeDisabled();
    await app.user.type(shortNameField(), "FC");
    await app.user.click(organizerBox());
    await app.user.click(screen.getByRole("button", { name: "Save" }));

    expect(await screen.findByText("The NGO has been added")).toBeInTheDocument();
    await waitFor(() => expect(app.currentPath()).toBe("/ong"));
    expect(server.writes()).toEqual([
      { method: "POST", path: "/api/v1/ngo", body: { name: "Funky Citizens", shortName: "FC", organizer: true, isActive: true } },
    ]);
  });

  it("says which field is missing once the user has left it blank", async () => {
    const { app } = await openProfile("/ong/new");
    await app.user.type(await screen.findByRole("textbox", { name: /^Name/ }), "   ");
    await app.user.click(shortNameField());
    await app.user.tab();
    expect(nameField()).toHaveAccessibleDescription("This field is required");
    expect(shortNameField()).toHaveAccessibleDescription("This field is required");
    expect(screen.getByRole("button", { name: "Save" })).toBeDisabled();
  });

  it("cancels an add back to /ong without a request", async () => {
    const { server, app } = await openProfile("/ong/new");
    await screen.findByRole("heading", { level: 1, name: "Add NGO" });
    await app.user.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(app.currentPath()).toBe("/ong"));
    expect(server.writes()).toEqual([]);
  });

  it("edits an NGO with PUT and idNgo, stays and announces it", async () => {
    const { server, app } = await openProfile("/ong/edit/2");
    expect(await screen.findByRole("heading", { level: 1, name: "Edit NGO" })).toBeInTheDocument();
    await waitFor(() => expect(nameField()).toHaveValue("Asociația Observatorilor"));
    expect(shortNameField()).toHaveValue("AO");
    // The server never sends an empty short name (the old fake did, and Save was then disabled): the draft is valid.
    expect(screen.getByRole("button", { name: "Save" })).toBeEnabled();
    await app.user.type(shortNameField(), "I");
    await app.user.click(activeBox());
    await app.user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Changes have been saved")).toBeInTheDocument();
    expect(app.currentPath()).toBe("/ong/edit/2");
    expect(server.writes()).toEqual([
      {
        method: "PUT",
        path: "/api/v1/ngo",
        body: { idNgo: 2, name: "Asociația Observatorilor", shortName: "AOI", organizer: false, isActive: true },
      },
    ]);
    expect(await server.db.selectFrom("ngo").select(["shortName", "isActive"]).where("id", "=", 2).executeTakeFirst()).toEqual({
      shortName: "AOI",
      isActive: true,
    });
  });

  it("translates a 409 last_organizer on save and keeps the form", async () => {
    // Code for Romania is the only organizer: the server refuses.
    const { app } = await openProfile("/ong/edit/1");
    await waitFor(() => expect(nameField()).toHaveValue("Code for Romania"));
    await app.user.click(organizerBox());
    await app.user.click(screen.getByRole("button", { name: "Save" }));
    expect(
      await screen.findByText("This is the last active organizer NGO: another NGO must organize before this one stops."),
    ).toBeInTheDocument();
    expect(organizerBox()).not.toBeChecked();
    expect(app.currentPath()).toBe("/ong/edit/1");
  });

  it("deletes after confirming and goes to /observatori", async () => {
    // NGO 3 has no admins, observers or answers: the server lets it go.
    const { server, app } = await openProfile("/ong/edit/3");
    await waitFor(() => expect(nameField()).toHaveValue("Asociația Pro Democrația"));
    await app.user.click(screen.getByRole("button", { name: "Delete" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete" });
    expect(server.writes()).toEqual([]);
    await app.user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("The NGO has been deleted")).toBeInTheDocument();
    await waitFor(() => expect(app.currentPath()).toBe("/observatori"));
    expect(server.writes()).toEqual([{ method: "DELETE", path: "/api/v1/ngo/3", body: null }]);
  });

  it("shows an NGO read-only in view, with Edit leading to edit", async () => {
    const { server, app } = await openProfile("/ong/view/1");
    expect(await screen.findByRole("heading", { level: 1, name: "NGO profile" })).toBeInTheDocument();
    await waitFor(() => expect(nameField()).toHaveValue("Code for Romania"));
    for (const field of [nameField(), shortNameField(), organizerBox(), activeBox()]) expect(field).toBeDisabled();
    expect(screen.queryByRole("button", { name: "Save" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Delete" })).not.toBeInTheDocument();
    await app.user.click(screen.getByRole("button", { name: "Edit" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Edit NGO" })).toBeInTheDocument();
    expect(nameField()).toBeEnabled();
    expect(server.writes()).toEqual([]);
  });

  it("lists the NGO's admin accounts and adds one with its password", async () => {
    const { server, app } = await openProfile("/ong/view/2");
    expect(await within(await screen.findByRole("region", { name: "Admin accounts" })).findByRole("rowheader", { name: "admin.ao" })).toBeInTheDocument();
    expect(within(adminsSection()).getByRole("rowheader", { name: "ioana.ao" })).toBeInTheDocument();
    const form = adminAddForm();
    const add = within(form).getByRole("button", { name: "Add" });
    await app.user.type(within(form).getByRole("textbox", { name: /^Account/ }), "dan.ao");
    await app.user.type(within(form).getByLabelText(/^Password/), "short");
    expect(add).toBeDisabled();
    await app.user.type(within(form).getByLabelText(/^Password/), " secret");
    await app.user.click(add);
    expect(await screen.findByText("The admin account has been added")).toBeInTheDocument();
    expect(await within(adminsSection()).findByRole("rowheader", { name: "dan.ao" })).toBeInTheDocument();
    expect(server.writes()).toEqual([
      { method: "POST", path: "/api/v1/ngo/2/admins", body: { account: "dan.ao", password: "short secret" } },
    ]);
  });

  it("translates a duplicate account", async () => {
    const { app } = await openProfile("/ong/edit/2");
    await within(await screen.findByRole("region", { name: "Admin accounts" })).findByRole("rowheader", { name: "admin.ao" });
    const form = adminAddForm();
    await app.user.type(within(form).getByRole("textbox", { name: /^Account/ }), "admin.ao");
    await app.user.type(within(form).getByLabelText(/^Password/), "long enough");
    await app.user.click(within(form).getByRole("button", { name: "Add" }));
    expect(await screen.findByText("This account name is already in use. Choose another one.")).toBeInTheDocument();
  });

  it("resets an admin's password in a modal", async () => {
    const { server, app } = await openProfile("/ong/view/2");
    await within(await screen.findByRole("region", { name: "Admin accounts" })).findByRole("rowheader", { name: "admin.ao" });
    await app.user.click(screen.getByRole("button", { name: "Reset password of admin.ao" }));
    const dialog = await screen.findByRole("dialog", { name: "Reset password" });
    const confirm = within(dialog).getByRole("button", { name: "Confirm" });
    await app.user.type(within(dialog).getByLabelText(/^Enter new password/), "new secret 1");
    await app.user.click(confirm);
    expect(await screen.findByText("The password has been changed")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(server.writes()).toEqual([{ method: "PUT", path: "/api/v1/ngo/2/admins/7/password", body: { password: "new secret 1" } }]);
  });

  it("removes an admin after confirming, and translates cannot_remove_self", async () => {
    // On the signed-in admin's own NGO: the server refuses to let him remove himself.
    const { server, app } = await openProfile("/ong/view/1");
    await within(await screen.findByRole("region", { name: "Admin accounts" })).findByRole("rowheader", { name: "ana.cfr" });
    await app.user.click(screen.getByRole("button", { name: "Remove ana.cfr" }));
    let dialog = await screen.findByRole("dialog", { name: "Remove admin account" });
    await app.user.click(within(dialog).getByRole("button", { name: "Remove" }));
    expect(await screen.findByText("The admin account has been removed")).toBeInTheDocument();
    await waitFor(() => expect(within(adminsSection()).queryByRole("rowheader", { name: "ana.cfr" })).not.toBeInTheDocument());

    await app.user.click(screen.getByRole("button", { name: `Remove ${ORGANIZER}` }));
    dialog = await screen.findByRole("dialog", { name: "Remove admin account" });
    await app.user.click(within(dialog).getByRole("button", { name: "Remove" }));
    expect(await screen.findByText("You cannot remove your own account.")).toBeInTheDocument();
    expect(server.writes()).toEqual([
      { method: "DELETE", path: "/api/v1/ngo/1/admins/2", body: null },
      { method: "DELETE", path: "/api/v1/ngo/1/admins/1", body: null },
    ]);
  });

  it("adds an admin once for a double click, the fields and Add waiting until the server answers", async () => {
    const { queue: adds, app } = await openProfile("/ong/view/2", "POST /api/v1/ngo/2/admins");
    await within(await screen.findByRole("region", { name: "Admin accounts" })).findByRole("rowheader", { name: "admin.ao" });
    const form = adminAddForm();
    await app.user.type(within(form).getByRole("textbox", { name: /^Account/ }), "dan.ao");
    await app.user.type(within(form).getByLabelText(/^Password/), "long enough");
    await app.user.dblClick(within(form).getByRole("button", { name: "Add" }));
    await waitFor(() => expect(adds.activeCount()).toBe(1));
    expect(within(form).getByRole("button", { name: "Add" })).toHaveAttribute("data-loading");
    expect(within(form).getByRole("textbox", { name: /^Account/ })).toBeDisabled();
    await adds.release();
    expect(await screen.findByText("The admin account has been added")).toBeInTheDocument();
    expect(within(form).getByRole("textbox", { name: /^Account/ })).toHaveValue("");
    expect(adds.receivedCount()).toBe(1);
  });

  it("keeps the remove dialog open and waiting until the server answers", async () => {
    const { queue: removals, app } = await openProfile("/ong/view/2", "DELETE /api/v1/ngo/2/admins/*");
    await within(await screen.findByRole("region", { name: "Admin accounts" })).findByRole("rowheader", { name: "admin.ao" });
    await app.user.click(screen.getByRole("button", { name: "Remove admin.ao" }));
    const dialog = await screen.findByRole("dialog", { name: "Remove admin account" });
    expect(dialog).toHaveTextContent("Remove the account admin.ao? It will no longer be able to sign in.");
    await app.user.dblClick(within(dialog).getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(removals.activeCount()).toBe(1));
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toBeDisabled();
    await removals.release();
    expect(await screen.findByText("The admin account has been removed")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(removals.receivedCount()).toBe(1);
  });
});
