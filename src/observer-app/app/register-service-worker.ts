/**
 * Registers the worker that keeps the app's files for offline use (built apps only: the dev server serves
 * modules the worker does not know). Storage is asked to persist, so that the browser does not evict the outbox
 * under storage pressure.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  void navigator.serviceWorker.register("/observer/sw.js", { scope: "/observer/" });
  void navigator.storage?.persist?.();
}
