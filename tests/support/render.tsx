/**
 * Rendering helpers for component and model-based tests.
 *
 * - `renderWithProviders(ui, { locale, session })` renders inside the app's own providers (theme, Lingui, session)
 *   with `MantineProvider env="test"` (no transitions, portals inline) and a fresh Lingui instance per render,
 *   activated synchronously with the chosen catalog.
 * - `renderApp({ path, storedToken, fetch, locale })` renders the real route table in a memory router, with the
 *   real API client and session actor. `fetch` plays the server; by default any request fails the test.
 * Both render in StrictMode, like main.tsx.
 */
import { StrictMode, type ReactElement } from "react";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { setupI18n, type I18n, type Messages } from "@lingui/core";
import { createMemoryRouter } from "react-router";
import { RouterProvider } from "react-router/dom";
import { onTestFinished } from "vitest";
import { AppProviders } from "../../src/app/AppProviders";
import { startAppServices } from "../../src/app/app-services";
import { appRoutes } from "../../src/app/routes";
import type { SessionActorRef } from "../../src/features/session/session-context";
import { TOKEN_STORAGE_KEY } from "../../src/features/session/token";
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

export function renderWithProviders(ui: ReactElement, options: { session: SessionActorRef; locale?: Locale }) {
  const locale = options.locale ?? "en";
  // The app's language store must agree with the test's catalog, or LocaleSync would switch it.
  localeStore.trigger.localeChosen({ locale });
  return render(
    <StrictMode>
      <AppProviders i18n={createTestI18n(locale)} session={options.session} env="test">
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

export function renderApp({ path = "/", storedToken = null, fetch = refuseUnexpectedRequest, locale }: RenderAppOptions = {}) {
  if (storedToken !== null) localStorage.setItem(TOKEN_STORAGE_KEY, storedToken);
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const services = startAppServices({
    baseUrl: window.location.origin,
    fetch,
    storage: localStorage,
    storageEvents: window,
    navigate: (to) => void router.navigate(to, { replace: true }),
  });
  onTestFinished(() => {
    services.session.stop();
    router.dispose();
  });
  const user = userEvent.setup();
  const view = renderWithProviders(<RouterProvider router={router} />, { session: services.session, locale });
  return { ...view, ...services, router, user };
}
