import { describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { renderApp, withAccountChecks, type FakeFetch } from "../../../tests/support/render";
import { staffToken } from "../../../tests/support/token.fixtures";

function problem(status: number, code: string, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify({ type: `urn:problem:${code}`, title: code, status, code }), {
    status,
    headers: { "Content-Type": "application/problem+json", ...headers },
  });
}

/** A server whose sign-in requests get `answer()`; the token check afterwards is answered as the server would. */
function answeringWith(answer: () => Promise<Response>) {
  const requests: Request[] = [];
  const signIn = vi.fn<FakeFetch>((request) => {
    requests.push(request);
    return answer();
  });
  return { fetch: withAccountChecks(signIn), signIn, requests };
}

async function fillAndSubmit(user: ReturnType<typeof renderApp>["user"], account = "ana.pop", password = "secret") {
  await user.type(screen.getByLabelText(/Phone number/), account);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole("button", { name: "Login" }));
}

describe("LoginPage", () => {
  it("shows the welcome title, the LOGIN heading and the two required fields, focusing the first", async () => {
    renderApp({ path: "/login" });
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
    const { fetch, signIn } = answeringWith(() =>
      Promise.resolve(Response.json({ access_token: staffToken, expires_in: 60 })),
    );
    const { user } = renderApp({ path: "/login", fetch });
    await user.type(await screen.findByLabelText(/^Password/), "secret");
    await user.click(screen.getByRole("button", { name: "Login" }));
    expect(signIn).not.toHaveBeenCalled();
  });

  it("shows a loader while signing in, then stores the token and opens /urgents", async () => {
    let answer: (response: Response) => void = () => {};
    const { fetch, requests } = answeringWith(() => new Promise((resolve) => (answer = resolve)));
    const { user, currentPath } = renderApp({ path: "/login", fetch });
    await screen.findByRole("heading", { name: "Login" });
    await fillAndSubmit(user, "  ana.pop ", "secret");

    const submit = screen.getByRole("button", { name: "Login" });
    expect(submit).toHaveAttribute("aria-busy", "true");
    expect(within(submit).getByTestId("login-loader")).toBeInTheDocument();
    expect(await requests[0]?.json()).toEqual({ user: "ana.pop", password: "secret" });

    answer(Response.json({ access_token: staffToken, expires_in: 86400 }));
    expect(await screen.findByRole("heading", { level: 1, name: "Urgent answers" })).toBeInTheDocument();
    expect(currentPath()).toBe("/urgents");
    expect(localStorage.getItem("token-id")).toBe(staffToken);
  });

  it("cancels the pending request when the user submits again, keeping the button usable", async () => {
    const { fetch, requests } = answeringWith(() => new Promise(() => {}));
    const { user } = renderApp({ path: "/login", fetch });
    await screen.findByRole("heading", { name: "Login" });
    await fillAndSubmit(user);
    const submit = screen.getByRole("button", { name: "Login" });
    expect(submit).toBeEnabled();
    await user.click(submit);
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests.map((request) => request.signal.aborted)).toEqual([true, false]);
  });

  it("shows CREDENTIALS_INVALID in red when the server refuses the credentials", async () => {
    const { fetch } = answeringWith(() => Promise.resolve(problem(401, "credentials_invalid")));
    const { user, currentPath } = renderApp({ path: "/login", fetch });
    await screen.findByRole("heading", { name: "Login" });
    await fillAndSubmit(user);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Invalid credentials");
    expect(alert).toHaveAttribute("style", expect.stringContaining("color: var(--mantine-color-red-9)"));
    expect(currentPath()).toBe("/login");
    expect(localStorage.getItem("token-id")).toBeNull();
    expect(screen.getByRole("button", { name: "Login" })).toHaveAttribute("aria-busy", "false");
    expect(screen.queryByTestId("login-loader")).not.toBeInTheDocument();
  });

  it("says how long to wait when sign-in attempts are rate limited", async () => {
    const { fetch } = answeringWith(() => Promise.resolve(problem(429, "rate_limited", { "Retry-After": "30" })));
    const { user } = renderApp({ path: "/login", fetch });
    await screen.findByRole("heading", { name: "Login" });
    await fillAndSubmit(user);
    expect(await screen.findByRole("alert")).toHaveTextContent("Too many attempts, try again in 30 s.");
  });

  it("reports a network failure", async () => {
    const { fetch } = answeringWith(() => Promise.reject(new TypeError("Failed to fetch")));
    const { user } = renderApp({ path: "/login", fetch });
    await screen.findByRole("heading", { name: "Login" });
    await fillAndSubmit(user);
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Cannot reach the server. Check your connection and try again.",
    );
  });

  it("shows the catalogue's token error when the server answers with an unreadable token", async () => {
    const { fetch } = answeringWith(() => Promise.resolve(Response.json({ access_token: "a.%%%.c", expires_in: 60 })));
    const { user } = renderApp({ path: "/login", fetch });
    await screen.findByRole("heading", { name: "Login" });
    await fillAndSubmit(user);
    expect(await screen.findByRole("alert")).toHaveTextContent("Cannot decode the token.");
    expect(localStorage.getItem("token-id")).toBeNull();
  });

  it("speaks Romanian when Romanian is chosen", async () => {
    const { fetch } = answeringWith(() => Promise.resolve(problem(401, "credentials_invalid")));
    const { user } = renderApp({ path: "/login", fetch, locale: "ro" });
    expect(await screen.findByRole("heading", { level: 1, name: "Bine ați venit la Vote Monitor" })).toBeInTheDocument();
    const form = screen.getByRole("heading", { level: 2, name: "Autentificare" }).closest("form");
    if (!form) throw new Error("the login heading should sit in the form");
    await user.type(within(form).getByRole("textbox", { name: /Număr de telefon/ }), "ana.pop");
    await user.type(within(form).getByLabelText(/^Parolă/), "secret");
    await user.click(within(form).getByRole("button", { name: "Autentificare" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Date de autentificare incorecte");
  });

  it("sends a visitor who is already logged in to /urgents", async () => {
    const { currentPath } = renderApp({ path: "/login", storedToken: staffToken });
    expect(await screen.findByRole("heading", { level: 1, name: "Urgent answers" })).toBeInTheDocument();
    expect(currentPath()).toBe("/urgents");
  });
});
