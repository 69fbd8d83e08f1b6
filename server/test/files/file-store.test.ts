import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeFileStoreContract } from "./file-store-contract.ts";
import { createDirectoryFileStore, createMemoryFileStore, isStorageFull, type FileStore } from "../../src/files/file-store.ts";

let directory = "";
let directoryStore: FileStore;
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), "file-store-"));
  directoryStore = createDirectoryFileStore(directory);
});
afterAll(() => rm(directory, { recursive: true, force: true }));

describeFileStoreContract("directory", () => directoryStore);
const memoryStore = createMemoryFileStore();
describeFileStoreContract("memory", () => memoryStore);

describe("directory file store", () => {
  it("refuses keys that could leave its folder", async () => {
    for (const key of ["../escape.jpg", "a/../../escape.jpg", "/etc/passwd", "a//b.jpg", "./a.jpg", ""]) {
      await expect(directoryStore.put(key, new Uint8Array([1])), key).rejects.toThrow(/Unsafe storage key/);
      await expect(directoryStore.get(key), key).rejects.toThrow(/Unsafe storage key/);
      await expect(directoryStore.delete(key), key).rejects.toThrow(/Unsafe storage key/);
    }
  });

  it("leaves no partial file behind after a write", async () => {
    await directoryStore.put("tidy/one.png", new Uint8Array([1]));
    expect(await readdir(join(directory, "tidy"))).toEqual(["one.png"]);
  });
});

describe("isStorageFull", () => {
  it("recognises a full disk or quota, not other failures", () => {
    const failure = (code: string) => Object.assign(new Error(code), { code });
    expect(isStorageFull(failure("ENOSPC"))).toBe(true);
    expect(isStorageFull(failure("EDQUOT"))).toBe(true);
    expect(isStorageFull(failure("EACCES"))).toBe(false);
    expect(isStorageFull(new Error("network"))).toBe(false);
    expect(isStorageFull(undefined)).toBe(false);
  });
});
