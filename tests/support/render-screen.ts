/**
 * One screen of the app on its own route, signed in against the real test server, without the shell (header, live
 * connection) and without the route's prefetch: what a model-based suite replays on, and nothing that sends
 * requests or starts timers of its own beside it. Any other path shows only where a link or a navigation led.
 */
import { createElement, type ReactElement } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import userEvent from "@testing-library/user-event";
import { onTestFinished } from "vitest";
import { startAppServices } from "../../src/app/app-services";
import { TOKEN_STORAGE_KEY } from "../../src/features/session/token";
import { renderWithProviders } from "./render";
import type { TestServer } from "./test-server";

export interface ScreenOptions {
  /** The route pattern the screen answers, e.g. "/statistics". */
  route: string;
  /** Where the visit starts. */
  path: string;
  /** A seeded admin's account: the screen is signed in with a genuine token of it. */
  account: string;
}

export async function renderScreen(server: TestServer, screen: ReactElement, { route, path, account }: ScreenOptions) {
  localStorage.setItem(TOKEN_STORAGE_KEY, await server.tokenFor(account));
  const services = startAppServices({ baseUrl: window.location.origin, fetch: server.fetch, storage: localStorage, storageEvents: window });
  onTestFinished(() => services.session.stop());
  const router = createMemoryRouter(
    [
      { path: route, element: screen },
      { path: "*", element: createElement("output", { "data-testid": "elsewhere" }) },
    ],
    { initialEntries: [path] },
  );
  onTestFinished(() => router.dispose());
  const user = userEvent.setup();
  const view = renderWithProviders(createElement(RouterProvider, { router }), { session: services.session, api: services.api });
  return { ...view, user, location: () => `${router.state.location.pathname}${router.state.location.search}` };
}
