import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, NoSuchKey, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { checkStorageKey, type FileStore } from "./file-store.ts";

export interface S3Settings {
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Another provider's or a self-hosted server's URL; AWS's own endpoint when absent. */
  endpoint: string | undefined;
  /** `https://host/bucket/key` rather than `https://bucket.host/key`, which most self-hosted servers need. */
  forcePathStyle: boolean;
}

export interface S3FileStore extends FileStore {
  /** Fails with a readable message when the bucket cannot be reached, so that the server stops at start-up. */
  check(): Promise<void>;
}

export function createS3FileStore(settings: S3Settings): S3FileStore {
  const { bucket } = settings;
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
  });
  return {
    async put(key, bytes) {
      checkStorageKey(key);
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentLength: bytes.length }));
    },
    async get(key) {
      checkStorageKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return object.Body ? await object.Body.transformToByteArray() : new Uint8Array();
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    async delete(key) {
      checkStorageKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
      } catch (error) {
        const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        throw new Error(`The S3 bucket "${bucket}" cannot be reached (${reason}).`, { cause: error });
      }
    },
  };
}
