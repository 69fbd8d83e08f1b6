import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";

/**
 * Where note attachments live: a local folder by default, S3-compatible object storage when configured
 * (s3-file-store.ts). Keys are `/`-separated names; `get` answers null for a key that was never stored, and
 * `delete` of such a key does nothing.
 */
export interface FileStore {
  put(key: string, bytes: Uint8Array): Promise<void>;
  get(key: string): Promise<Uint8Array | null>;
  delete(key: string): Promise<void>;
}

/** Segments of letters, digits, `.`, `_` and `-`, never `.` or `..`: a key cannot leave its store's folder. */
export function checkStorageKey(key: string): void {
  const safe = key.split("/").every((segment) => /^[A-Za-z0-9._-]+$/.test(segment) && segment !== "." && segment !== "..");
  if (!safe) throw new Error(`Unsafe storage key: ${key}`);
}

/** Whether a store failed because its disk or quota is full (the caller answers 507 rather than 503). */
export function isStorageFull(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === "ENOSPC" || code === "EDQUOT";
}

export function createDirectoryFileStore(directory: string): FileStore {
  const pathOf = (key: string) => {
    checkStorageKey(key);
    return join(directory, key);
  };
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written aside then renamed, so that a full disk never leaves a truncated file under the key.
      const partial = `${path}.${randomUUID()}.partial`;
      try {
        await writeFile(partial, bytes);
        await rename(partial, path);
      } catch (error) {
        await rm(partial, { force: true }).catch(() => {});
        throw error;
      }
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(pathOf(key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

export function createMemoryFileStore(): FileStore {
  const files = new Map<string, Uint8Array>();
  return {
    put: (key, bytes) => Promise.resolve(void files.set(key, bytes.slice())),
    get: (key) => Promise.resolve(files.get(key)?.slice() ?? null),
    delete: (key) => Promise.resolve(void files.delete(key)),
  };
}
