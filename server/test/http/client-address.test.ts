import { describe, expect, it } from "vitest";
import { parseTrustedProxies, resolveClientAddress } from "../../src/http/client-address.ts";

describe("resolveClientAddress", () => {
  const trusted = parseTrustedProxies("10.0.0.0/8, 192.0.2.1, loopback");

  it("takes the socket's address when it is not a trusted proxy, whatever X-Forwarded-For says", () => {
    expect(resolveClientAddress("198.51.100.9", "203.0.113.5", trusted)).toBe("198.51.100.9");
    expect(resolveClientAddress("198.51.100.9", "203.0.113.5", parseTrustedProxies(""))).toBe("198.51.100.9");
  });

  it("takes the nearest untrusted hop behind trusted proxies, not the client's own claim on the left", () => {
    expect(resolveClientAddress("127.0.0.1", "203.0.113.5", trusted)).toBe("203.0.113.5");
    expect(resolveClientAddress("10.1.1.1", "6.6.6.6, 203.0.113.5, 10.2.2.2", trusted)).toBe("203.0.113.5");
    expect(resolveClientAddress("::ffff:10.1.1.1", "203.0.113.5", trusted)).toBe("203.0.113.5");
    expect(resolveClientAddress("::1", "2001:db8::7", trusted)).toBe("2001:db8::7");
  });

  it("keeps the proxy's address when the header is missing or malformed", () => {
    expect(resolveClientAddress("10.1.1.1", undefined, trusted)).toBe("10.1.1.1");
    expect(resolveClientAddress("10.1.1.1", "not-an-address", trusted)).toBe("10.1.1.1");
  });

  it("refuses a TRUST_PROXY entry that is not an address or range", () => {
    expect(() => parseTrustedProxies("10.0.0.0/x")).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustedProxies("proxy.local")).toThrow(/TRUST_PROXY/);
  });
});
