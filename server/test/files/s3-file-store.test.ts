import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeFileStoreContract } from "./file-store-contract.ts";
import { createS3FileStore, type S3FileStore, type S3Settings } from "../../src/files/s3-file-store.ts";

// s3rver accepts any credentials whose key id and secret are S3RVER (its documented default pair).
let directory = "";
let server: S3rver;
let settings: S3Settings;
let store: S3FileStore;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), "s3rver-"));
  server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: "attachments" }] });
  const { port } = await server.run();
  settings = {
    bucket: "attachments",
    region: "eu-central-1",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    endpoint: `http://127.0.0.1:${port}`,
    forcePathStyle: true,
  };
  store = createS3FileStore(settings);
});
afterAll(async () => {
  await server.close();
  await rm(directory, { recursive: true, force: true });
});

describeFileStoreContract("S3 (s3rver)", () => store);

describe("S3 file store", () => {
  it("checks at start-up that its bucket exists, naming it when it does not", async () => {
    await expect(store.check()).resolves.toBeUndefined();
    await expect(createS3FileStore({ ...settings, bucket: "missing-bucket" }).check()).rejects.toThrow(/"missing-bucket" cannot be reached/);
  });

  it("refuses keys that are not plain path segments, as the directory store does", async () => {
    await expect(store.put("../escape.jpg", new Uint8Array([1]))).rejects.toThrow(/Unsafe storage key/);
  });

  it("fails a put when the storage does not answer", async () => {
    const closed = createS3FileStore({ ...settings, endpoint: "http://127.0.0.1:1" });
    await expect(closed.put("a.jpg", new Uint8Array([1]))).rejects.toThrow();
  });
});
