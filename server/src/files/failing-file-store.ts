import { createMemoryFileStore, type FileStore } from "./file-store.ts";

/** A memory store for tests whose puts can be made to fail, as a full disk or an unreachable bucket would. */
export interface FailingFileStore extends FileStore {
  /** From now on, after `after` more puts succeed, every put rejects with `error`; `undefined` heals the store. */
  failPuts(error: Error | undefined, options?: { after?: number }): void;
}

export function createFailingFileStore(): FailingFileStore {
  const store = createMemoryFileStore();
  let failure: { error: Error; after: number } | undefined;
  return {
    put(key, bytes) {
      if (failure && failure.after-- <= 0) return Promise.reject(failure.error);
      return store.put(key, bytes);
    },
    get: (key) => store.get(key),
    failPuts(error, { after = 0 } = {}) {
      failure = error ? { error, after } : undefined;
    },
  };
}

/** The error Node's file system raises on a full disk. */
export function diskFullError(): NodeJS.ErrnoException {
  return Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC", errno: -28, syscall: "write" });
}
