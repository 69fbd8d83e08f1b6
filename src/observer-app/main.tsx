import "./app/observer-styles";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { i18n } from "@lingui/core";
import { ObserverApp } from "./app/ObserverApp";
import { startObserverServices } from "./app/observer-services";
import { activateObserverLocale, observerLocale } from "./i18n/observer-i18n";
import { registerServiceWorker } from "./app/register-service-worker";
import { keepScreenSnapshots } from "./app/screen-snapshot";

/**
 * The observers' app: opens from what the phone keeps, with no network needed after the first visit. The page may
 * come with the screen the observer left painted in #root (app/screen-snapshot.ts): rendering replaces it.
 */
async function start(rootElement: HTMLElement) {
  registerServiceWorker();
  const [services] = await Promise.all([startObserverServices(), activateObserverLocale(i18n, observerLocale())]);
  createRoot(rootElement).render(
    <StrictMode>
      <ObserverApp i18n={i18n} services={services} />
    </StrictMode>,
  );
  keepScreenSnapshots(rootElement, () => services.session.getSnapshot().matches("signedIn"));
}

const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("index.html has no #root element");
void start(rootElement);
