import { describe, expect, it, onTestFinished, vi } from "vitest";
import { createActor, createMachine, toPromise } from "xstate";
import { createApiClient } from "../../api/client";
import { ApiError } from "../../api/problem";
import { createSessionImplementations } from "./session.actors";
import { InvalidTokenError } from "./token";
import { makeTestToken } from "../../../tests/support/token.fixtures";

function implementationsAnswering(answer: (request: Request) => Promise<Response>) {
  const storage = { setItem: vi.fn(), removeItem: vi.fn() };
  const api = createApiClient({ baseUrl: window.location.origin, fetch: answer, getToken: () => null, onUnauthorized: vi.fn() });
  const implementations = createSessionImplementations({ api, storage, storageEvents: window });
  return { implementations, storage };
}

const credentials = { user: "admin.cfr", password: "secret" };

describe("createSessionImplementations", () => {
  describe("authorize", () => {
    it("posts the credentials and returns the token with its claims", async () => {
      const token = makeTestToken({ sub: "admin.cfr", ngoId: 4, organizer: false });
      const requests: Request[] = [];
      const { implementations } = implementationsAnswering((request) => {
        requests.push(request);
        return Promise.resolve(Response.json({ access_token: token, expires_in: 86400 }));
      });
      const output = await toPromise(createActor(implementations.actors.authorize, { input: credentials }).start());
      expect(output).toEqual({
        token,
        claims: { sub: "admin.cfr", ngoId: 4, organizer: false, role: "ngoAdmin", iat: 1_700_000_000, exp: 1_700_086_400 },
      });
      expect(requests[0]?.method).toBe("POST");
      expect(new URL(requests[0]?.url ?? "").pathname).toBe("/api/v2/access/authorize");
      expect(await requests[0]?.json()).toEqual({ user: "admin.cfr", password: "secret" });
    });

    it("fails with an ApiError when the server refuses", async () => {
      const { implementations } = implementationsAnswering(() =>
        Promise.resolve(Response.json({ type: "urn:problem:credentials-invalid", title: "Invalid credentials", status: 401, code: "credentials_invalid" }, { status: 401 })),
      );
      const failure = toPromise(createActor(implementations.actors.authorize, { input: credentials }).start());
      await expect(failure).rejects.toBeInstanceOf(ApiError);
      await expect(failure).rejects.toMatchObject({ status: 401, code: "credentials_invalid" });
    });

    it("fails with the catalogue's token error when the server answers with something that is not a JWT", async () => {
      const { implementations } = implementationsAnswering(() =>
        Promise.resolve(Response.json({ access_token: "opaque", expires_in: 60 })),
      );
      const failure = toPromise(createActor(implementations.actors.authorize, { input: credentials }).start());
      await expect(failure).rejects.toBeInstanceOf(InvalidTokenError);
      await expect(failure).rejects.toThrow("The inspected token doesn't appear to be a JWT");
    });
  });

  describe("fetchAccount", () => {
    it("asks the server whose token it is", async () => {
      const account = { user: "admin.cfr", role: "ngoAdmin", ngoId: 1, ngoName: "Code for Romania", organizer: false };
      const requests: Request[] = [];
      const { implementations } = implementationsAnswering((request) => {
        requests.push(request);
        return Promise.resolve(Response.json(account));
      });
      const output = await toPromise(createActor(implementations.actors.fetchAccount).start());
      expect(output).toEqual(account);
      expect(requests.map((request) => [request.method, new URL(request.url).pathname])).toEqual([
        ["GET", "/api/v2/access/me"],
      ]);
    });
  });

  describe("watchTokenStorage", () => {
    function watch() {
      const { implementations } = implementationsAnswering(() => Promise.reject(new Error("no calls expected")));
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
      const { implementations, storage } = implementationsAnswering(() => Promise.reject(new Error("none")));
      const { persistToken, forgetToken } = implementations.actions;
      persistToken(undefined, { token: "a.b.c" });
      forgetToken();
      expect(storage.setItem.mock.calls).toEqual([["token-id", "a.b.c"]]);
      expect(storage.removeItem.mock.calls).toEqual([["token-id"]]);
    });
  });
});

