import { createMemoryFileStore, type FileStore } from "./file-store.ts";

/** A memory store for tests whose puts can be made to fail, as a full disk or an unreachable bucket would. */
export interface FailingFileStore extends FileStore {
  /** From now on, after `after` more puts succeed, every put rejects with `error`; `undefined` heals the store. */
  failPuts(error: Error | undefined, options?: { after?: number }): void;
  /** The keys stored now: what a failed request must not leave behind. */
  keys(): string[];
}

export function createFailingFileStore(): FailingFileStore {
  const store = createMemoryFileStore();
  const keys = new Set<string>();
  let failure: { error: Error; after: number } | undefined;
  return {
    async put(key, bytes) {
      if (failure && failure.after-- <= 0) throw failure.error;
      await store.put(key, bytes);
      keys.add(key);
    },
    get: (key) => store.get(key),
    async delete(key) {
      await store.delete(key);
      keys.delete(key);
    },
    failPuts(error, { after = 0 } = {}) {
      failure = error ? { error, after } : undefined;
    },
    keys: () => [...keys],
  };
}

/** The error Node's file system raises on a full disk. */
export function diskFullError(): NodeJS.ErrnoException {
  return Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC", errno: -28, syscall: "write" });
}
