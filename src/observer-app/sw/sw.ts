/**
 * The observers' app's service worker: it keeps the app's files so that the app opens with no network, and shows
 * pushed notifications. It answers GETs of the app's own files only: API calls, and every POST above all, go to the
 * network untouched (a worker that rewrote uploads corrupted them on iOS, enketo/enketo#1584). The app keeps its
 * data (reference data, outbox) in IndexedDB itself.
 */
/// <reference lib="webworker" />
import { APP_SCOPE, cacheName, isAppCache, PRECACHE_GLOBAL, readPrecache, type Precache } from "./precache.ts";
import { notificationOf, PUSH_RECEIVED } from "./push-message.ts";
import { withKeptScreen } from "./screen-snapshot.ts";

declare const self: ServiceWorkerGlobalScope & { [PRECACHE_GLOBAL]?: Precache };

// Set by the build (vite.observer.config.ts) at the top of this file: the app's files and their version.
const precache = readPrecache(self[PRECACHE_GLOBAL]);
const currentCache = cacheName(precache.version);
const INDEX = `${APP_SCOPE}index.html`;

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(currentCache);
      // `reload`: the HTTP cache may hold an older index.html, which would name files of another version.
      await cache.addAll(precache.files.map((file) => new Request(`${APP_SCOPE}${file}`, { cache: "reload" })));
      // The new files are all in place: the outbox lives in IndexedDB, so nothing is lost by taking over at once.
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => isAppCache(name) && name !== currentCache).map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith(APP_SCOPE)) return;
  // Every route of the app is index.html; its files are named by their content, so the cached copy is the right one.
  const key = request.mode === "navigate" ? INDEX : request;
  event.respondWith(
    (async () => {
      const cached = await caches.match(key, { cacheName: currentCache });
      if (!cached) return fetch(request);
      return request.mode === "navigate" ? withKeptScreen(cached, url.pathname) : cached;
    })(),
  );
});

self.addEventListener("push", (event) => {
  const { title, options } = notificationOf(event.data?.text() ?? null);
  event.waitUntil(
    (async () => {
      await self.registration.showNotification(title, options);
      // An open app syncs at once, so that the message is in its inbox too.
      for (const client of await self.clients.matchAll({ type: "window" })) client.postMessage(PUSH_RECEIVED);
    })(),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).pathname.startsWith(APP_SCOPE));
      if (open) {
        await open.focus();
        await open.navigate(`${APP_SCOPE}inbox`);
      } else {
        await self.clients.openWindow(`${APP_SCOPE}inbox`);
      }
    })(),
  );
});
