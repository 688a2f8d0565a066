/**
 * The address guard: the check fetches URLs that strangers type, so it connects only to public
 * unicast addresses (docs/decisions.md, "Website check: the address guard"). ipaddr.js classifies
 * the address; everything but its `unicast` range is refused: loopback, private, link-local,
 * CGNAT, multicast, broadcast, unspecified, reserved, documentation and benchmarking ranges,
 * IPv4-mapped and translated IPv6, 6to4, Teredo, NAT64, unique-local and site-local. An IPv6
 * address whose high 96 bits are zero (`::/96`: `::1`, `::`, and the deprecated IPv4-compatible
 * `::7f00:1`, `::127.0.0.1`, which ipaddr.js calls unicast) is refused as well.
 */
import ipaddr from "ipaddr.js";

export interface AddressVerdict {
  ok: boolean;
  /** ipaddr.js's name of the range, e.g. `loopback`, `private`, `unicast`. */
  range: string;
}

export function classifyAddress(address: string): AddressVerdict {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // parse() only: no process() (it would turn ::ffff:a.b.c.d into a.b.c.d and hide the mapping).
    const bare = address.replace(/^\[|\]$/g, "");
    const zone = bare.indexOf("%");
    parsed = ipaddr.parse(zone < 0 ? bare : bare.slice(0, zone));
  } catch {
    return { ok: false, range: "invalid" };
  }
  const range = parsed.range();
  if (range === "unicast" && parsed.kind() === "ipv6" && highBitsZero(parsed as ipaddr.IPv6)) {
    return { ok: false, range: "ipv4Compatible" };
  }
  return { ok: range === "unicast", range };
}

/** `::/96`: the high 96 bits (six of the eight 16-bit parts) are zero. */
function highBitsZero(address: ipaddr.IPv6): boolean {
  return address.parts.slice(0, 6).every((part) => part === 0);
}

/** The host of a URL without IPv6 brackets. */
export const bareHost = (hostname: string): string => hostname.replace(/^\[|\]$/g, "");

/** An IP literal (v4 or v6) rather than a name. */
export const isIpLiteral = (hostname: string): boolean => ipaddr.isValid(bareHost(hostname));
