/**
 * Data a route asks for while its page's code is still loading (the first screen of a visit), so that code and data
 * arrive side by side rather than one after the other. The page takes it once, when its own first load starts; a
 * prefetch older than FRESH_MS, or never taken, is left for the page to load itself.
 */
const FRESH_MS = 10_000;

const prefetched = new Map<string, { at: number; value: Promise<unknown> }>();

export function prefetch(key: string, load: () => Promise<unknown>, now = Date.now()): void {
  const value = load();
  value.catch(() => undefined); // taken, or forgotten: the page reports its own load's failure
  prefetched.set(key, { at: now, value });
}

export function takePrefetched<T>(key: string, now = Date.now()): Promise<T> | undefined {
  const entry = prefetched.get(key);
  prefetched.delete(key);
  return entry && now - entry.at < FRESH_MS ? (entry.value as Promise<T>) : undefined;
}
