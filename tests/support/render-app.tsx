/**
 * The app in a test: `renderApp({ path, features, storedToken, fetch, locale })` renders the session guard and the
 * signed-in route table of `features` (the screens the test visits, composed as the app composes all of them) on
 * jsdom's history, starting at `path`, with the real API client and session actor. Only those features' code is
 * imported, so `vitest --changed` reruns a test when a screen it visits changes, not when any screen does; a
 * screen outside them shows the not-found page. `{ signedIn }` instead renders the app's own lazy chunk (the
 * whole route table). `fetch` is the network: the real test server's (tests/support/test-server.ts); without one,
 * any request fails the test (a visitor with no token sends none). `renderSignedIn(server, account, options)`
 * stores a genuine token of a seeded admin first. `currentPath()` reads where the app is.
 */
import type { ComponentType } from "react";
import { i18n } from "@lingui/core";
import userEvent from "@testing-library/user-event";
import { onTestFinished } from "vitest";
import { startAppServices } from "../../src/app/app-services";
import { AppRoutes } from "../../src/app/AppRoutes";
import { composeRoutes } from "../../src/app/compose-routes";
import { SignedInRouter } from "../../src/app/SignedInRouter";
import { TOKEN_STORAGE_KEY } from "../../src/features/session/token";
import { activateWholeCatalog } from "../../src/shared/i18n/i18n";
import type { Locale } from "../../src/shared/i18n/locales";
import type { FeatureRoutes } from "../../src/shared/routing/feature-routes";
import { lazyPage } from "../../src/shared/routing/lazy-page";
import { refuseUnexpectedRequest, renderWithProviders, type Fetch } from "./render";
import type { TestServer } from "./test-server";

/** Where the visit starts, in which language, and what lies behind the session guard. */
export type VisitOptions = { path?: string; locale?: Locale } & ({ features: readonly FeatureRoutes[] } | { signedIn: ComponentType });
export type RenderAppOptions = VisitOptions & { storedToken?: string | null; fetch?: Fetch };

// Signed in, a language chosen loads its whole catalog, as once the app's chunk (src/app/signed-in-chunk.ts) has
// loaded. Like that chunk, it suspends the first signed-in render of a file only.
const WholeCatalog = lazyPage(() => activateWholeCatalog(i18n).then(() => ({ Loaded: () => null })), "Loaded");

function signedInOf(options: RenderAppOptions): ComponentType {
  if ("signedIn" in options) return options.signedIn;
  const routes = composeRoutes(options.features);
  return function SignedInFeatures() {
    return (
      <>
        <WholeCatalog />
        <SignedInRouter routes={routes} />
      </>
    );
  };
}

export function renderApp(options: RenderAppOptions) {
  const { path = "/", storedToken = null, fetch = refuseUnexpectedRequest, locale } = options;
  if (storedToken !== null) localStorage.setItem(TOKEN_STORAGE_KEY, storedToken);
  window.history.replaceState(null, "", path);
  const services = startAppServices({ baseUrl: window.location.origin, fetch, storage: localStorage, storageEvents: window });
  onTestFinished(() => {
    services.session.stop();
  });
  const user = userEvent.setup();
  const view = renderWithProviders(<AppRoutes signedIn={signedInOf(options)} />, { session: services.session, api: services.api, locale });
  return { ...view, ...services, user, currentPath: () => window.location.pathname };
}

export type RenderedApp = ReturnType<typeof renderApp>;

/** The app signed in as a seeded admin of the test server (a genuine token stored by an earlier visit). */
export async function renderSignedIn(server: TestServer, account: string, options: VisitOptions) {
  return renderApp({ ...options, storedToken: await server.tokenFor(account), fetch: server.fetch });
}
