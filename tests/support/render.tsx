/**
 * Rendering helpers for component and model-based tests.
 *
 * - `renderWithProviders(ui, { locale, session })` renders inside the app's own providers (theme, Lingui, session)
 *   with `MantineProvider env="test"` (no transitions, portals inline) and a fresh Lingui instance per render,
 *   activated synchronously with the chosen catalog.
 * - `renderApp({ path, storedToken, fetch, locale })` renders the real route table on jsdom's history, starting
 *   at `path`, with the real API client and session actor. `fetch` is the network: the real test server's
 *   (tests/support/test-server.ts); without one, any request fails the test (a visitor with no token sends
 *   none). `renderSignedIn(server, account)` stores a genuine token of a seeded admin first. `currentPath()`
 *   reads where the app is.
 * Both render in StrictMode, like main.tsx.
 */
import { StrictMode, type ReactElement } from "react";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { setupI18n, type I18n, type Messages } from "@lingui/core";
import { onTestFinished } from "vitest";
import { createApiClient, type ApiClient } from "../../src/api/client";
import { AppProviders } from "../../src/app/AppProviders";
import { startAppServices } from "../../src/app/app-services";
import { AppRoutes } from "../../src/app/AppRoutes";
import type { SessionActorRef } from "../../src/features/session/session-context";
import { TOKEN_STORAGE_KEY } from "../../src/features/session/token";
import type { Locale } from "../../src/shared/i18n/locales";
import { localeStore } from "../../src/shared/i18n/locale.store";
import { messages as englishMessages } from "../../src/locales/en/messages.po";
import { messages as romanianMessages } from "../../src/locales/ro/messages.po";
import type { TestServer } from "./test-server";

const catalogs: Record<Locale, Messages> = { en: englishMessages, ro: romanianMessages };

export function createTestI18n(locale: Locale = "en"): I18n {
  return setupI18n({ locale, messages: { [locale]: catalogs[locale] } });
}

type Fetch = (request: Request) => Promise<Response>;

const refuseUnexpectedRequest: Fetch = (request) =>
  Promise.reject(new Error(`unexpected request in test: ${request.method} ${request.url}`));

/** A client for tests that make no API call: any call fails the test. */
function refusingApi(): ApiClient {
  return createApiClient({ baseUrl: "http://localhost", fetch: refuseUnexpectedRequest, getToken: () => null, onUnauthorized: () => {} });
}

export function renderWithProviders(ui: ReactElement, options: { session: SessionActorRef; api?: ApiClient; locale?: Locale }) {
  const locale = options.locale ?? "en";
  // The app's language store must agree with the test's catalog, or LocaleSync would switch it.
  localeStore.trigger.localeChosen({ locale });
  return render(
    <StrictMode>
      <AppProviders i18n={createTestI18n(locale)} session={options.session} api={options.api ?? refusingApi()} env="test">
        {ui}
      </AppProviders>
    </StrictMode>,
  );
}

export interface RenderAppOptions {
  path?: string;
  storedToken?: string | null;
  fetch?: Fetch;
  locale?: Locale;
}

export function renderApp({
  path = "/",
  storedToken = null,
  fetch = refuseUnexpectedRequest,
  locale,
}: RenderAppOptions = {}) {
  if (storedToken !== null) localStorage.setItem(TOKEN_STORAGE_KEY, storedToken);
  window.history.replaceState(null, "", path);
  const services = startAppServices({ baseUrl: window.location.origin, fetch, storage: localStorage, storageEvents: window });
  onTestFinished(() => {
    services.session.stop();
  });
  const user = userEvent.setup();
  const view = renderWithProviders(<AppRoutes />, { session: services.session, api: services.api, locale });
  return { ...view, ...services, user, currentPath: () => window.location.pathname };
}

/** The app signed in as a seeded admin of the test server (a genuine token stored by an earlier visit). */
export async function renderSignedIn(server: TestServer, account: string, options: Omit<RenderAppOptions, "storedToken" | "fetch"> = {}) {
  return renderApp({ ...options, storedToken: await server.tokenFor(account), fetch: server.fetch });
}
