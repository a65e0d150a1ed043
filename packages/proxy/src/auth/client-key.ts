import { parseIPv4, parseIPv6 } from '../shared/ip-address.js';

/**
 * Whom limits are kept for when there is no client token: an IPv4 client by its address
 * (`ip:203.0.113.7`), an IPv6 client by its network of `ipv6Prefix` bits (`ip6:2001:db8:0:1::/64`),
 * since any host given a /64 can send each request from a new address in it (issue 39). An
 * IPv4-mapped IPv6 address is its IPv4 address; a missing or unreadable header is `ip:unknown`, one
 * client for all such requests (the safe side). The same key serves rate limits, credits and the
 * Turnstile cap on new clients.
 * @example clientKey(request.headers.get('CF-Connecting-IP'), 64)
 */
export function clientKey(header: string | null, ipv6Prefix: number): string {
  const text = header?.trim() ?? '';
  const v4 = parseIPv4(text);
  if (v4 !== undefined) return `ip:${v4.join('.')}`;
  const groups = text.includes(':') ? parseIPv6(text.replace(/%.*$/, '')) : undefined;
  if (groups === undefined) return 'ip:unknown';
  const zeroUpTo5 = groups.slice(0, 5).every((group) => group === 0);
  if (zeroUpTo5 && groups[5] === 0xffff)
    return `ip:${[groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.')}`;
  const kept = Math.ceil(ipv6Prefix / 16);
  const masked = groups.slice(0, kept).map((group, i) => {
    const bits = Math.min(16, ipv6Prefix - i * 16);
    return group & ((0xffff << (16 - bits)) & 0xffff);
  });
  const network = masked.map((group) => group.toString(16)).join(':');
  return `ip6:${network}${kept < 8 ? '::' : ''}/${ipv6Prefix}`;
}
