/**
 * Rendering helpers for component and model-based tests.
 *
 * - `renderWithProviders(ui, { locale, session })` renders inside the app's own providers (theme, Lingui, session)
 *   with `MantineProvider env="test"` (no transitions, portals inline) and a fresh Lingui instance per render,
 *   activated synchronously with the chosen catalog.
 * It renders in StrictMode, like main.tsx. The whole app is rendered by ./render-app.tsx.
 */
import { StrictMode, type ReactElement } from "react";
import { render } from "@testing-library/react";
import { setupI18n, type I18n, type Messages } from "@lingui/core";
import { createApiClient, type ApiClient } from "../../src/api/client";
import { AppProviders } from "../../src/app/AppProviders";
import type { SessionActorRef } from "../../src/features/session/session-context";
import type { Locale } from "../../src/shared/i18n/locales";
import { localeStore } from "../../src/shared/i18n/locale.store";
import { messages as englishMessages } from "../../src/locales/en/messages.po";
import { messages as romanianMessages } from "../../src/locales/ro/messages.po";

const catalogs: Record<Locale, Messages> = { en: englishMessages, ro: romanianMessages };

export function createTestI18n(locale: Locale = "en"): I18n {
  return setupI18n({ locale, messages: { [locale]: catalogs[locale] } });
}

export type Fetch = (request: Request) => Promise<Response>;

export const refuseUnexpectedRequest: Fetch = (request) =>
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
