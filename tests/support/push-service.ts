import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, randomUUID, verify, type ECDH } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A push service for tests (RFC 8030): browsers' subscriptions made here, as PushManager.subscribe() would make them
 * (an ECDH P-256 key pair and a 16-byte auth secret), each push's aes128gcm payload (RFC 8188, RFC 8291) decrypted
 * with them, and its VAPID token (RFC 8292) checked. Listens on 127.0.0.1 over http, which the contract allows there.
 */

/** A subscription as `PushSubscription.toJSON()` gives it, what the web app saves with savePushSubscription. */
export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** The VAPID token of a push: the server's public key (`k`) and the JWT's claims, with whether its signature holds. */
export interface Vapid {
  publicKey: string;
  audience: unknown;
  subject: unknown;
  expires: unknown;
  valid: boolean;
}

/** One push the service accepted. */
export interface Message {
  subscriptionId: string;
  endpoint: string;
  /** The decrypted payload, parsed as JSON. */
  payload: unknown;
  headers: { ttl: string | undefined; urgency: string | undefined; authorization: string | undefined };
  vapid: Vapid;
}

export interface PushService {
  /** http://127.0.0.1:<port> */
  url: string;
  subscribe(): TestSubscription;
  /** Every push accepted so far, in arrival order. */
  received(): Message[];
  /** From now on the push service answers 410 Gone for this endpoint, as for a browser that unsubscribed. */
  expire(endpoint: string): void;
  stop(): Promise<void>;
}

interface Subscriber {
  ecdh: ECDH;
  auth: Buffer;
  expired: boolean;
}

const PUSH_PATH = /^\/push\/([A-Za-z0-9-]+)$/;

export async function startPushService(): Promise<PushService> {
  const subscribers = new Map<string, Subscriber>();
  const messages: Message[] = [];

  const server = createServer((request, response) => {
    void accept(request, response).catch((error: unknown) => answer(response, 400, (error as Error).message));
  });

  async function accept(request: IncomingMessage, response: ServerResponse) {
    const id = PUSH_PATH.exec(request.url ?? "")?.[1];
    const subscriber = id === undefined ? undefined : subscribers.get(id);
    const body = await readBody(request);
    if (request.method !== "POST" || id === undefined || !subscriber) return answer(response, 404, "No such subscription.");
    if (subscriber.expired) return answer(response, 410, "The subscription has expired.");
    if (request.headers["content-encoding"] !== "aes128gcm") return answer(response, 415, "Only aes128gcm payloads are accepted.");
    const authorization = request.headers.authorization;
    const vapid = readVapid(authorization, url);
    if (!vapid?.valid) return answer(response, 401, "The VAPID token is missing or not valid.");
    const payload: unknown = JSON.parse(decrypt(body, subscriber).toString("utf8"));
    messages.push({
      subscriptionId: id,
      endpoint: `${url}/push/${id}`,
      payload,
      headers: { ttl: header(request, "ttl"), urgency: header(request, "urgency"), authorization },
      vapid,
    });
    response.writeHead(201, { location: `${url}/message/${messages.length}` }).end();
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    subscribe() {
      const id = randomUUID();
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      subscribers.set(id, { ecdh, auth, expired: false });
      return { endpoint: `${url}/push/${id}`, keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") } };
    },
    received: () => [...messages],
    expire(endpoint) {
      const subscriber = subscribers.get(PUSH_PATH.exec(new URL(endpoint).pathname)?.[1] ?? "");
      if (!subscriber) throw new Error(`No subscription of this push service: ${endpoint}`);
      subscriber.expired = true;
    },
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function answer(response: ServerResponse, status: number, text: string) {
  response.writeHead(status, { "content-type": "text/plain" }).end(text);
}

const header = (request: IncomingMessage, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
};

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * RFC 8291 with RFC 8188's header: salt (16 bytes), record size (4), key id length (1), key id (the sender's
 * ephemeral public key), then one record: AES-128-GCM ciphertext with its 16-byte tag, whose plaintext ends with the
 * last-record delimiter 0x02 and optional zero padding.
 */
function decrypt(body: Buffer, { ecdh, auth }: Subscriber): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + keyIdLength);
  const record = body.subarray(21 + keyIdLength);
  if (keyIdLength !== 65 || record.length > recordSize) throw new Error("Not a single aes128gcm record keyed by a P-256 public key.");
  const sharedSecret = ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), ecdh.getPublicKey(), senderPublic]);
  const ikm = Buffer.from(hkdfSync("sha256", sharedSecret, auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("The last record does not end with the 0x02 delimiter.");
  return padded.subarray(0, end);
}

/** `vapid t=<JWT>, k=<public key>`: an ES256 JWT signed with the key `k` names, for this push service's origin. */
function readVapid(authorization: string | undefined, origin: string): Vapid | undefined {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? "");
  if (!match) return undefined;
  const [, token, publicKey] = match as unknown as [string, string, string];
  const [head, claims, signature] = token.split(".");
  if (head === undefined || claims === undefined || signature === undefined) return undefined;
  const point = Buffer.from(publicKey, "base64url");
  if (point.length !== 65 || point[0] !== 4) return undefined;
  const key = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: point.subarray(1, 33).toString("base64url"), y: point.subarray(33).toString("base64url") },
    format: "jwk",
  });
  const signed = verify("sha256", Buffer.from(`${head}.${claims}`), { key, dsaEncoding: "ieee-p1363" }, Buffer.from(signature, "base64url"));
  const { aud, sub, exp } = JSON.parse(Buffer.from(claims, "base64url").toString("utf8")) as Record<string, unknown>;
  const alg = (JSON.parse(Buffer.from(head, "base64url").toString("utf8")) as Record<string, unknown>).alg;
  const valid = signed && alg === "ES256" && aud === origin && typeof exp === "number" && exp * 1000 > Date.now();
  return { publicKey, audience: aud, subject: sub, expires: exp, valid };
}
