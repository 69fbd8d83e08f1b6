import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { FileStore } from "../../src/files/file-store.ts";

const MiB = 1024 * 1024;

/** What every FileStore promises, run against each implementation; `store` is read when the tests run. */
export function describeFileStoreContract(name: string, store: () => FileStore) {
  describe(`${name} file store`, () => {
    it("gives back the bytes that were put", async () => {
      const bytes = new Uint8Array([0, 1, 2, 253, 254, 255]);
      await store().put("note-a.png", bytes);
      expect(await store().get("note-a.png")).toEqual(bytes);
    });

    it("answers null for a key that was never put", async () => {
      expect(await store().get("never-stored.jpg")).toBeNull();
      expect(await store().get("no/such/folder.jpg")).toBeNull();
    });

    it("replaces the bytes when a key is put again", async () => {
      await store().put("overwritten.gif", new Uint8Array([1, 2, 3, 4]));
      await store().put("overwritten.gif", new Uint8Array([9]));
      expect(await store().get("overwritten.gif")).toEqual(new Uint8Array([9]));
    });

    it("keeps keys with slashes apart from their neighbours", async () => {
      await store().put("notes/2026/a.jpg", new Uint8Array([1]));
      await store().put("notes/2026/b.jpg", new Uint8Array([2]));
      await store().put("notes/a.jpg", new Uint8Array([3]));
      expect(await store().get("notes/2026/a.jpg")).toEqual(new Uint8Array([1]));
      expect(await store().get("notes/2026/b.jpg")).toEqual(new Uint8Array([2]));
      expect(await store().get("notes/a.jpg")).toEqual(new Uint8Array([3]));
    });

    it("stores a 5 MiB binary byte for byte", async () => {
      const bytes = new Uint8Array(randomBytes(5 * MiB));
      await store().put("big/photo.jpg", bytes);
      const read = await store().get("big/photo.jpg");
      expect(read?.length).toBe(bytes.length);
      expect(Buffer.from(read!).equals(bytes)).toBe(true);
    });

    it("forgets a deleted key, keeps its neighbours, and deletes a key never put without an error", async () => {
      await store().put("gone/a.png", new Uint8Array([1]));
      await store().put("gone/b.png", new Uint8Array([2]));
      await store().delete("gone/a.png");
      expect(await store().get("gone/a.png")).toBeNull();
      expect(await store().get("gone/b.png")).toEqual(new Uint8Array([2]));
      await expect(store().delete("gone/a.png")).resolves.toBeUndefined();
      await expect(store().delete("never/stored.png")).resolves.toBeUndefined();
    });

    it("keeps its bytes when the caller reuses its buffer", async () => {
      const bytes = new Uint8Array([5, 6, 7]);
      await store().put("reused.png", bytes);
      bytes.fill(0);
      expect(await store().get("reused.png")).toEqual(new Uint8Array([5, 6, 7]));
    });
  });
}
