/**
 * Who sent a request, for the rate limit and the stored IP hash. X-Forwarded-For is believed only
 * from the reverse proxies named in TRUST_PROXY (addresses, CIDR ranges, or proxy-addr's names
 * `loopback`, `linklocal`, `uniquelocal`), walking the header from the right as Express's
 * `trust proxy` does (proxy-addr): the first hop that is not a trusted proxy is the client. A
 * client that reaches the server directly cannot choose its address, and a hop that is not a
 * valid IP address is never used. IPv6 clients are rate-limited by their /64 network, the block a
 * single host or home router is given, so one host cannot rotate addresses to escape the limit.
 */
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import proxyaddr from "proxy-addr";

/** Which peers may set X-Forwarded-For: null trusts none (the header is ignored). */
export interface TrustedProxies {
  /** As configured, for messages and docs. */
  spec: string[];
  trust: (address: string, hop: number) => boolean;
}

/**
 * Parses TRUST_PROXY: unset, `0`, `false` or `off` trusts no proxy; otherwise a comma-separated
 * list for proxy-addr. A hop count (`1`) or `true` is refused: either would let any client choose
 * its own address.
 */
export function parseTrustProxy(raw: string | undefined): TrustedProxies | null {
  const value = (raw ?? "").trim();
  if (!value || ["0", "false", "off", "no"].includes(value.toLowerCase())) return null;
  if (/^\d+$/.test(value) || ["true", "yes", "on"].includes(value.toLowerCase())) {
    throw new Error(
      `TRUST_PROXY=${value}: name the proxies' addresses instead (e.g. TRUST_PROXY=loopback, or 10.0.0.5, or 10.0.0.0/8), so that a client reaching the server directly cannot choose its own address`,
    );
  }
  const spec = value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  try {
    return { spec, trust: proxyaddr.compile(spec) };
  } catch (error) {
    throw new Error(`TRUST_PROXY: ${(error as Error).message}`, { cause: error });
  }
}

/** An address in its plain form: IPv4-mapped IPv6 ("::ffff:1.2.3.4") becomes IPv4. */
export function plainAddress(address: string): string {
  try {
    return ipaddr.process(address).toString();
  } catch {
    return address;
  }
}

/**
 * The client's address: the TCP peer, or, when the peer is a trusted proxy, the first untrusted
 * hop of X-Forwarded-For from the right. Null when unknown.
 */
export function clientIp(
  forwardedFor: string | null,
  remoteAddress: string | undefined,
  proxies: TrustedProxies | null,
): string | null {
  if (!remoteAddress) return null;
  if (!proxies || !forwardedFor) return plainAddress(remoteAddress);
  const request = {
    headers: { "x-forwarded-for": forwardedFor },
    connection: { remoteAddress },
    socket: { remoteAddress },
  } as unknown as Parameters<typeof proxyaddr>[0];
  const chosen = proxyaddr(request, proxies.trust);
  // A proxy that passes on garbage gets its own address used, never the garbage.
  return plainAddress(isIP(chosen) ? chosen : remoteAddress);
}

/** The rate limit's key for an address: IPv4 as it is, IPv6 by its /64 network. */
export function rateLimitKey(ip: string): string {
  try {
    const parsed = ipaddr.process(ip);
    if (parsed.kind() === "ipv6") {
      const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
      return `${parts.map((p) => p.toString(16)).join(":")}::/64`;
    }
    return parsed.toString();
  } catch {
    return ip;
  }
}
