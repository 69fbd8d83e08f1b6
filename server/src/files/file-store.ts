import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";

/** Where note attachments live: a local folder here, S3-compatible storage when scaled out. */
export interface FileStore {
  put(key: string, bytes: Uint8Array): Promise<void>;
  get(key: string): Promise<Uint8Array | null>;
}

export function createDirectoryFileStore(directory: string): FileStore {
  const pathOf = (key: string) => {
    if (!/^[A-Za-z0-9._-]+$/.test(key)) throw new Error(`Unsafe storage key: ${key}`);
    return join(directory, key);
  };
  return {
    async put(key, bytes) {
      await mkdir(directory, { recursive: true });
      await writeFile(pathOf(key), bytes);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
  };
}

export function createMemoryFileStore(): FileStore {
  const files = new Map<string, Uint8Array>();
  return {
    put: (key, bytes) => Promise.resolve(void files.set(key, bytes)),
    get: (key) => Promise.resolve(files.get(key) ?? null),
  };
}
