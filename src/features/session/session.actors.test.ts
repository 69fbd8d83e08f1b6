import { describe, expect, it, onTestFinished, vi } from "vitest";
import { createActor, createMachine, toPromise } from "xstate";
import { createApiClient } from "../../api/client";
import { ApiError } from "../../api/problem";
import { createSessionImplementations } from "./session.actors";
import { InvalidTokenError } from "./token";
import { DEMO_ACCOUNTS } from "../../../server/src/demo/accounts.ts";
import { startTestServer, TEST_NOW, tokenBeforeTests } from "../../../tests/support/test-server";

/*
 * The sign-in and the token check on the real server's demo data (0700000001 is the organizer's admin); only an
 * answer no server gives (a token that is not a JWT) is the test's, on the held sign-in.
 */
const ORGANIZER = DEMO_ACCOUNTS[0];
const credentials = { user: ORGANIZER.user, password: ORGANIZER.password };
const SIGN_IN = "POST /api/v2/access/authorize";
// The demo data (its passwords hashed slowly on purpose) is written once, before any test's clock starts.
await tokenBeforeTests("demo", ORGANIZER.user);

/** The session's actors and actions over the network `fetch`, sending `token`. */
function implementationsOver(fetch: (request: Request) => Promise<Response>, token: string | null = null) {
  const storage = { setItem: vi.fn(), removeItem: vi.fn() };
  const api = createApiClient({ baseUrl: window.location.origin, fetch, getToken: () => token, onUnauthorized: vi.fn() });
  const implementations = createSessionImplementations({ api, storage, storageEvents: window });
  return { implementations, storage };
}

const noCalls = () => Promise.reject(new Error("no calls expected"));

describe("createSessionImplementations", () => {
  describe("authorize", () => {
    it("posts the credentials and returns the token with its claims", async () => {
      const server = await startTestServer();
      const { implementations } = implementationsOver(server.fetch);
      const output = await toPromise(createActor(implementations.actors.authorize, { input: credentials }).start());
      // The server's clock is TEST_NOW; its tokens last an hour.
      const issuedAt = Math.floor(TEST_NOW.getTime() / 1000);
      expect(output).toEqual({
        token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/) as string,
        claims: { sub: ORGANIZER.user, ngoId: 1, organizer: true, role: "ngoAdmin", iat: issuedAt, exp: issuedAt + 3600 },
      });
      expect(server.requests).toEqual([{ method: "POST", path: "/api/v2/access/authorize", body: credentials }]);
    });

    it("fails with an ApiError when the server refuses", async () => {
      const server = await startTestServer();
      const { implementations } = implementationsOver(server.fetch);
      const failure = toPromise(createActor(implementations.actors.authorize, { input: { ...credentials, password: "wrong" } }).start());
      await expect(failure).rejects.toBeInstanceOf(ApiError);
      await expect(failure).rejects.toMatchObject({ status: 401, code: "credentials_invalid" });
    });

    it("fails with the catalogue's token error when the server answers with something that is not a JWT", async () => {
      const server = await startTestServer();
      const signIns = server.hold(SIGN_IN);
      const { implementations } = implementationsOver(server.fetch);
      const failure = toPromise(createActor(implementations.actors.authorize, { input: credentials }).start());
      await vi.waitFor(() => expect(signIns.activeCount()).toBe(1));
      signIns.answer(Response.json({ access_token: "opaque", expires_in: 60 }));
      await expect(failure).rejects.toBeInstanceOf(InvalidTokenError);
      await expect(failure).rejects.toThrow("The inspected token doesn't appear to be a JWT");
    });
  });

  describe("fetchAccount", () => {
    it("asks the server whose token it is", async () => {
      const server = await startTestServer();
      const { implementations } = implementationsOver(server.fetch, await server.tokenFor(ORGANIZER.user));
      const output = await toPromise(createActor(implementations.actors.fetchAccount).start());
      expect(output).toMatchObject({ user: ORGANIZER.user, role: "ngoAdmin", ngoId: 1, organizer: true });
      expect(server.requests.map((request) => `${request.method} ${request.path}`)).toEqual(["GET /api/v2/access/me"]);
    });
  });

  describe("watchTokenStorage", () => {
    function watch() {
      const { implementations } = implementationsOver(noCalls);
      const received: unknown[] = [];
      const parent = createMachine({
        invoke: { src: implementations.actors.watchTokenStorage },
        on: { "*": { actions: ({ event }) => received.push(event) } },
      });
      const actor = createActor(parent).start();
      onTestFinished(() => {
        actor.stop();
      });
      return { received, actor };
    }

    it("reports changes of token-id made by other tabs", () => {
      const { received } = watch();
      window.dispatchEvent(new StorageEvent("storage", { key: "token-id", newValue: "a.b.c" }));
      window.dispatchEvent(new StorageEvent("storage", { key: "token-id", newValue: null }));
      expect(received).toEqual([
        { type: "storage.changed", token: "a.b.c" },
        { type: "storage.changed", token: null },
      ]);
    });

    it("reports a cleared storage as a removed token and ignores other keys", () => {
      const { received } = watch();
      window.dispatchEvent(new StorageEvent("storage", { key: "language", newValue: "ro" }));
      window.dispatchEvent(new StorageEvent("storage", { key: null }));
      expect(received).toEqual([{ type: "storage.changed", token: null }]);
    });

    it("stops listening when the session stops", () => {
      const { received, actor } = watch();
      actor.stop();
      window.dispatchEvent(new StorageEvent("storage", { key: "token-id", newValue: "a.b.c" }));
      expect(received).toEqual([]);
    });
  });

  describe("actions", () => {
    it("persists and forgets the token under token-id", () => {
      const { implementations, storage } = implementationsOver(noCalls);
      const { persistToken, forgetToken } = implementations.actions;
      persistToken(undefined, { token: "a.b.c" });
      forgetToken();
      expect(storage.setItem.mock.calls).toEqual([["token-id", "a.b.c"]]);
      expect(storage.removeItem.mock.calls).toEqual([["token-id"]]);
    });
  });
});

