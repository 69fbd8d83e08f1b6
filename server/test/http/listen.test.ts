import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listen } from "../../src/http/listen.ts";
import { startTestServer, type TestServer } from "../harness.ts";

describe("the HTTP listener", () => {
  let server: TestServer;
  let port: number;
  let close: () => void;
  beforeAll(async () => {
    server = await startTestServer("pglite", { seed: false });
    const listening = await listen(server.app, { hostname: "127.0.0.1", port: 0 });
    port = listening.address.port;
    close = () => listening.server.close();
  });
  afterAll(async () => {
    close();
    await server.close();
  });

  it("keeps idle connections longer than a proxy's 60 s upstream keep-alive and says so in Keep-Alive", async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`);
    await response.arrayBuffer();
    expect(response.headers.get("keep-alive")).toBe("timeout=65");
  });

  it("answers an over-long URL with a 431 problem, not an empty body", async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/health?x=${"a".repeat(20_000)}`);
    expect(response.status).toBe(431);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(await response.json()).toMatchObject({ status: 431, code: "headers_too_large" });
  });

  it("answers over-long headers the same way", async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`, { headers: { "x-padding": "b".repeat(20_000) } });
    expect(response.status).toBe(431);
    expect(await response.json()).toMatchObject({ code: "headers_too_large" });
  });

  it("answers a request that is not HTTP with a 400 problem", async () => {
    const raw = await new Promise<string>((resolve, reject) => {
      let text = "";
      const socket = connect(port, "127.0.0.1", () => socket.write("NOT HTTP AT ALL\r\n\r\n"));
      socket.on("data", (chunk) => (text += chunk.toString()));
      socket.on("end", () => resolve(text));
      socket.on("error", reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(raw).toContain("application/problem+json");
    expect(raw).toContain('"code":"bad_request"');
  });
});
