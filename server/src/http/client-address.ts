import { BlockList, isIP } from "node:net";

/**
 * The proxies whose `X-Forwarded-For` is believed, from `TRUST_PROXY`: a comma-separated list of addresses and
 * CIDR ranges (`10.0.0.0/8, ::1`), or `loopback`. Empty: the socket's address is the client's, and the header is
 * ignored (anyone can write it).
 */
export function parseTrustedProxies(setting: string | undefined): BlockList {
  const list = new BlockList();
  for (const entry of (setting ?? "").split(",").map((part) => part.trim()).filter(Boolean)) {
    if (entry === "loopback") {
      list.addSubnet("127.0.0.0", 8, "ipv4");
      list.addAddress("::1", "ipv6");
      continue;
    }
    const [address = "", bits] = entry.split("/");
    const family = isIP(address);
    if (family === 0 || (bits !== undefined && !/^\d+$/.test(bits))) throw new Error(`TRUST_PROXY: "${entry}" is not an address or CIDR range`);
    const type = family === 4 ? "ipv4" : "ipv6";
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return list;
}

const isTrusted = (trusted: BlockList, address: string) => {
  const family = isIP(address);
  return family !== 0 && trusted.check(address, family === 4 ? "ipv4" : "ipv6");
};

/**
 * The client's address: the socket's, unless that is a trusted proxy; then the nearest address in
 * `X-Forwarded-For` that is not itself a trusted proxy (read from the right: the left part is the client's word).
 */
export function resolveClientAddress(socketAddress: string, forwardedFor: string | undefined, trusted: BlockList): string {
  if (!forwardedFor || !isTrusted(trusted, socketAddress)) return socketAddress;
  const hops = forwardedFor.split(",").map((hop) => hop.trim()).filter(Boolean);
  for (let index = hops.length - 1; index >= 0; index--) {
    const hop = hops[index]!;
    if (isIP(hop) === 0) return socketAddress; // a malformed hop: believe nothing beyond the proxy
    if (!isTrusted(trusted, hop)) return hop;
  }
  return hops[0] ?? socketAddress;
}
