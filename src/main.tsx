import "./app/root-styles";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { i18n } from "@lingui/core";
import { AppProviders } from "./app/AppProviders";
import { AppRoutes } from "./app/AppRoutes";
import { preloadSignedIn, SignedInRoutes } from "./app/signed-in-chunk";
import { startAppServices } from "./app/app-services";
import { activateLocale, activateWholeCatalog } from "./shared/i18n/i18n";
import { readStoredLocale } from "./shared/i18n/locales";
import { loadInspector } from "./shared/inspect";
import { selectIsLoggedIn } from "./features/session/session.selectors";

/** The composition root: inspector flag, API client and session, language, providers, routes. */
async function start(rootElement: HTMLElement) {
  const inspect = await loadInspector();
  const { session, api } = startAppServices({
    baseUrl: import.meta.env.VITE_API_BASE_URL ?? "",
    storage: window.localStorage,
    storageEvents: window,
    inspect,
  });
  // A signed-in visit loads its screen's code while the language loads, so the screen appears at once.
  const signedIn = selectIsLoggedIn(session.getSnapshot());
  const locale = readStoredLocale();
  await Promise.all(signedIn ? [activateWholeCatalog(i18n, locale), preloadSignedIn(window.location, api)] : [activateLocale(locale, i18n)]);
  createRoot(rootElement).render(
    <StrictMode>
      <AppProviders i18n={i18n} session={session} api={api} inspect={inspect}>
        <AppRoutes signedIn={SignedInRoutes} />
      </AppProviders>
    </StrictMode>,
  );
}

const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("index.html has no #root element");
void start(rootElement);
