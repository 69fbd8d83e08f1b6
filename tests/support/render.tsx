/**
 * Rendering helpers for component and model-based tests.
 *
 * - `renderWithProviders(ui, { locale, session })` renders inside the app's own providers (theme, Lingui, session)
 *   with `MantineProvider env="test"` (no transitions, portals inline) and a fresh Lingui instance per render,
 *   activated synchronously with the chosen catalog.
 * - `renderApp({ path, storedToken, fetch, locale })` renders the real route table on jsdom's history, starting
 *   at `path`, with the real API client and session actor. `fetch` plays the server; by default it only answers
 *   the session's token check (GET /api/v2/access/me) and any other request fails the test. `currentPath()`
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
import { readClaims, TOKEN_STORAGE_KEY } from "../../src/features/session/token";
import type { Locale } from "../../src/shared/i18n/locales";
import { localeStore } from "../../src/shared/i18n/locale.store";
import { messages as englishMessages } from "../../src/locales/en/messages.po";
import { messages as romanianMessages } from "../../src/locales/ro/messages.po";

const catalogs: Record<Locale, Messages> = { en: englishMessages, ro: romanianMessages };

export function createTestI18n(locale: Locale = "en"): I18n {
  return setupI18n({ locale, messages: { [locale]: catalogs[locale] } });
}

export type FakeFetch = (request: Request) => Promise<Response>;

const refuseUnexpectedRequest: FakeFetch = (request) =>
  Promise.reject(new Error(`unexpected request in test: ${request.method} ${request.url}`));

/** Answers the token check (GET /api/v2/access/me) as the server does for a genuine token, and passes the rest on. */
export function withAccountChecks(fetch: FakeFetch): FakeFetch {
  return (request) => {
    if (new URL(request.url).pathname !== "/api/v2/access/me") return fetch(request);
    const claims = readClaims(request.headers.get("Authorization")?.replace(/^Bearer /, ""));
    if (!claims) return Promise.resolve(Response.json({ status: 401, code: "unauthorized" }, { status: 401 }));
    const ngoId = claims.ngoId ?? 1;
    return Promise.resolve(
      Response.json({ user: claims.sub, role: "ngoAdmin", ngoId, ngoName: `NGO ${ngoId}`, organizer: claims.organizer }),
    );
  };
}

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
  fetch?: FakeFetch;
  locale?: Locale;
}

export function renderApp({
  path = "/",
  storedToken = null,
  fetch = withAccountChecks(refuseUnexpectedRequest),
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
