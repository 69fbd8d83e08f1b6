/** What the service worker caches: the app's files under its scope, in a cache named by their version. */
export const APP_SCOPE = "/observer/";
const CACHE_PREFIX = "observer-app-";

export interface Precache {
  version: string;
  files: string[];
}

/** The global the build sets at the top of the worker (a global, which no minifier folds away). */
export const PRECACHE_GLOBAL = "__OBSERVER_PRECACHE__";

/** The build's list of the app's files; unbuilt (dev, tests) the worker caches nothing. */
export function readPrecache(precache: Precache | undefined): Precache {
  return precache ?? { version: "dev", files: [] };
}

export const cacheName = (version: string) => `${CACHE_PREFIX}${version}`;
export const isAppCache = (name: string) => name.startsWith(CACHE_PREFIX);
