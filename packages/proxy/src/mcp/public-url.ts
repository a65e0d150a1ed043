import { embeddedIPv4, parseIPv4, parseIPv6 } from '../shared/ip-address.js';

// What the OAuth relay may reach: only public https hosts. An MCP server's metadata names the
// authorization server and its endpoints, so a hostile server could otherwise aim the proxy at the
// Worker's own network (a metadata service, an admin port on localhost). Workers cannot resolve a
// name to check its address before connecting, so a public name that resolves to a private address
// is not caught here; Cloudflare's network does not route Workers' fetches to private addresses
// (README "Threat model").

// IPv4 ranges that are not public (RFC 6890 and friends).
const PRIVATE_V4: ReadonlyArray<(b: readonly number[]) => boolean> = [
  (b) => b[0] === 0, // "this network"
  (b) => b[0] === 10,
  (b) => b[0] === 100 && b[1]! >= 64 && b[1]! < 128, // carrier-grade NAT
  (b) => b[0] === 127, // loopback
  (b) => b[0] === 169 && b[1] === 254, // link-local, cloud metadata (169.254.169.254)
  (b) => b[0] === 172 && b[1]! >= 16 && b[1]! < 32,
  (b) => b[0] === 192 && b[1] === 0 && b[2] === 0, // IETF protocol assignments
  (b) => b[0] === 192 && b[1] === 168,
  (b) => b[0] === 198 && (b[1] === 18 || b[1] === 19), // benchmarking
  (b) => b[0]! >= 224, // multicast, reserved, broadcast
];

// Names that only mean something inside a network.
const INTERNAL_SUFFIXES = ['.localhost', '.local', '.internal', '.home.arpa', '.lan', '.intranet'];

function privateV4(bytes: readonly number[]): boolean {
  return PRIVATE_V4.some((test) => test(bytes));
}

function privateV6(groups: readonly number[]): boolean {
  const v4 = embeddedIPv4(groups);
  if (v4 !== undefined) return privateV4(v4);
  const first = groups[0]!;
  if (groups.slice(0, 7).every((group) => group === 0) && groups[7]! <= 1) return true; // :: and ::1
  if ((first & 0xfe00) === 0xfc00) return true; // unique local fc00::/7 (AWS metadata fd00:ec2::254)
  if ((first & 0xffc0) === 0xfe80 || (first & 0xffc0) === 0xfec0) return true; // link-local, site-local
  if ((first & 0xff00) === 0xff00) return true; // multicast
  return false;
}

/**
 * Why the OAuth relay must not reach `url` (text naming the reason: `https`, `private` or
 * `internal`), or undefined for a public https URL.
 */
export function refusedAddress(url: URL): string | undefined {
  if (url.protocol !== 'https:') return 'it is not https';
  // The URL parser has already turned decimal, hex and short IPv4 forms into a dotted quad.
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (host.startsWith('[')) {
    const groups = parseIPv6(host.slice(1, -1));
    if (groups === undefined || privateV6(groups)) return 'it is a private, loopback or link-local address';
    return undefined;
  }
  const v4 = parseIPv4(host);
  if (v4 !== undefined) return privateV4(v4) ? 'it is a private, loopback or link-local address' : undefined;
  if (host === 'localhost' || !host.includes('.') || INTERNAL_SUFFIXES.some((s) => host.endsWith(s)))
    return 'it is an internal name';
  return undefined;
}
