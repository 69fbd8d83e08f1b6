import "./app/root-styles";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router";
import { RouterProvider } from "react-router/dom";
import { i18n } from "@lingui/core";
import { AppProviders } from "./app/AppProviders";
import { startAppServices } from "./app/app-services";
import { appRoutes } from "./app/routes";
import { loadCatalog } from "./shared/i18n/i18n";
import { localeStore } from "./shared/i18n/locale.store";
import { inspect } from "./shared/inspect";

const router = createBrowserRouter(appRoutes);

const { session } = startAppServices({
  baseUrl: import.meta.env.VITE_API_BASE_URL ?? "",
  storage: window.localStorage,
  storageEvents: window,
  navigate: (path) => void router.navigate(path, { replace: true }),
  inspect,
});

await loadCatalog(localeStore.getSnapshot().context.locale, i18n);

const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("index.html has no #root element");

createRoot(rootElement).render(
  <StrictMode>
    <AppProviders i18n={i18n} session={session}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
