import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { sql } from "kysely";
import { hashSecret } from "../../../server/src/auth/password.ts";
import { renderApp, renderSignedIn } from "../../../tests/support/render-app";
import { answerRoutes } from "../answers/answer.routes";
import { STAFF, twoNgosWithoutObservers } from "../../../tests/support/seeds/observers.seed";
import { startTestServer, TEST_NOW, type TestDb } from "../../../tests/support/test-server";

/** The screens this test visits. */
const FEATURES = [answerRoutes];

/*
 * On the real server: ana.pop (NGO 2) signs in with the password "secret". A refusal is the server's own (a wrong
 * password, the throttle's count); only a network failure and an unreadable token are the test's answers on the
 * held sign-in, since no server gives them.
 */
const PASSWORD = "secret";
const SIGN_IN = "POST /api/v2/access/authorize";
// Hashed once, before any test's clock starts: the hash is slow on purpose.
const passwordHash = await hashSecret(PASSWORD);

async function staffWithPassword(db: TestDb) {
  await twoNgosWithoutObservers(db);
  await db.updateTable("ngoAdmin").set({ passwordHash }).where("account", "=", STAFF).execute();
}

async function openLogin(locale?: "ro") {
  const server = await startTestServer({ seed: staffWithPassword });
  const app = renderApp({ features: FEATURES, path: "/login", fetch: server.fetch, locale });
  await screen.findByRole("heading", { level: 2, name: locale ? "Autentificare" : "Login" });
  return { server, ...app };
}

async function fillAndSubmit(user: ReturnType<typeof renderApp>["user"], account = STAFF, password = PASSWORD) {
  await user.type(screen.getByLabelText(/Phone number/), account);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole("button", { name: "Login" }));
}

const signInsOf = (server: Awaited<ReturnType<typeof openLogin>>["server"]) =>
  server.requests.filter((request) => `${request.method} ${request.path}` === SIGN_IN);

describe("LoginPage", () => {
  it("shows the welcome title, the LOGIN heading and the two required fields, focusing the first", async () => {
    renderApp({ features: FEATURES, path: "/login" });
    expect(await screen.findByRole("heading", { level: 1, name: "Welcome to Vote Monitor" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Login" })).toBeInTheDocument();
    const userField = screen.getByRole("textbox", { name: /Phone number/ });
    expect(userField).toBeRequired();
    expect(userField).toHaveFocus();
    expect(screen.getByLabelText(/^Password/)).toBeRequired();
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute("type", "password");
    expect(screen.getByRole("button", { name: "Login" })).toHaveAttribute("type", "submit");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("does not send anything while the user field is empty", async () => {
    const { server, user } = await openLogin();
    await user.type(screen.getByLabelText(/^Password/), PASSWORD);
    await user.click(screen.getByRole("button", { name: "Login" }));
    expect(server.requests).toEqual([]);
  });

  it("shows a loader while signing in, then stores the token and opens /urgents", async () => {
    const { server, user, currentPath } = await openLogin();
    const signIns = server.hold(SIGN_IN);
    await fillAndSubmit(user, `  ${STAFF} `);

    const submit = screen.getByRole("button", { name: "Login" });
    expect(submit).toHaveAttribute("aria-busy", "true");
    expect(within(submit).getByTestId("login-loader")).toBeInTheDocument();
    await waitFor(() => expect(signIns.activeCount()).toBe(1));
    expect(signInsOf(server).map((request) => request.body)).toEqual([{ user: STAFF, password: PASSWORD }]);

    const { access_token: token } = (await signIns.release()) as { access_token: string };
    expect(await screen.findByRole("heading", { level: 1, name: "Urgent answers" })).toBeInTheDocument();
    expect(currentPath()).toBe("/urgents");
    expect(localStorage.getItem("token-id")).toBe(token);
  });

  it("cancels the pending request when the user submits again, keeping the button usable", async () => {
    const { server, user } = await openLogin();
    const signIns = server.hold(SIGN_IN);
    await fillAndSubmit(user);
    const submit = screen.getByRole("button", { name: "Login" });
    expect(submit).toBeEnabled();
    await user.click(submit);
    await waitFor(() => expect(signIns.receivedCount()).toBe(2));
    expect(signInsOf(server).map((request) => request.cancelled)).toEqual([true, false]);
    expect(signIns.activeCount()).toBe(1);
  });

  it("shows CREDENTIALS_INVALID in red when the server refuses the credentials", async () => {
    const { user, currentPath } = await openLogin();
    await fillAndSubmit(user, STAFF, "not-the-password");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Invalid credentials");
    expect(alert).toHaveAttribute("style", expect.stringContaining("color: var(--mantine-color-red-9)"));
    expect(currentPath()).toBe("/login");
    expect(localStorage.getItem("token-id")).toBeNull();
    expect(screen.getByRole("button", { name: "Login" })).toHaveAttribute("aria-busy", "false");
    expect(screen.queryByTestId("login-loader")).not.toBeInTheDocument();
  });

  it("says how long to wait when sign-in attempts are rate limited", async () => {
    const { server, user } = await openLogin();
    // The account has used its attempts in a window that ends 30 s from now: the throttle refuses the next one.
    const windowStart = new Date(TEST_NOW.getTime() - (15 * 60 - 30) * 1000);
    await sql`INSERT INTO sign_in_throttle (key, window_start, attempts) VALUES (${`account:${STAFF}`}, ${windowStart}, 10)`.execute(server.db);
    await fillAndSubmit(user);
    expect(await screen.findByRole("alert")).toHaveTextContent("Too many attempts, try again in 30 s.");
  });

  it("reports a network failure", async () => {
    const { server, user } = await openLogin();
    const signIns = server.hold(SIGN_IN);
    await fillAndSubmit(user);
    await waitFor(() => expect(signIns.activeCount()).toBe(1));
    signIns.fail(new TypeError("Failed to fetch"));
    expect(await screen.findByRole("alert")).toHaveTextContent("Cannot reach the server. Check your connection and try again.");
  });

  it("shows the catalogue's token error when the server answers with an unreadable token", async () => {
    const { server, user } = await openLogin();
    const signIns = server.hold(SIGN_IN);
    await fillAndSubmit(user);
    await waitFor(() => expect(signIns.activeCount()).toBe(1));
    signIns.answer(Response.json({ access_token: "a.%%%.c", expires_in: 60 }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Cannot decode the token.");
    expect(localStorage.getItem("token-id")).toBeNull();
  });

  it("speaks Romanian when Romanian is chosen", async () => {
    const { user } = await openLogin("ro");
    expect(screen.getByRole("heading", { level: 1, name: "Bine ați venit la Vote Monitor" })).toBeInTheDocument();
    const form = screen.getByRole("heading", { level: 2, name: "Autentificare" }).closest("form");
    if (!form) throw new Error("the login heading should sit in the form");
    await user.type(within(form).getByRole("textbox", { name: /Număr de telefon/ }), STAFF);
    await user.type(within(form).getByLabelText(/^Parolă/), "not-the-password");
    await user.click(within(form).getByRole("button", { name: "Autentificare" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Date de autentificare incorecte");
  });

  it("sends a visitor who is already logged in to /urgents", async () => {
    const { currentPath } = await renderSignedIn(await startTestServer({ seed: twoNgosWithoutObservers }), STAFF, { features: FEATURES, path: "/login" });
    expect(await screen.findByRole("heading", { level: 1, name: "Urgent answers" })).toBeInTheDocument();
    expect(currentPath()).toBe("/urgents");
  });
});
