// Literal IP addresses as numbers, for the client key (a /64 per IPv6 client) and the OAuth relay's
// refusal of private addresses. Only the forms the WHATWG URL parser and Cloudflare's
// `CF-Connecting-IP` produce need to be read, but anything else is refused (undefined), never guessed.

/** The four bytes of a dotted-quad IPv4 address, or undefined. */
export function parseIPv4(text: string): [number, number, number, number] | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  const bytes = parts.map((part) => (/^(0|[1-9][0-9]{0,2})$/.test(part) ? Number(part) : Number.NaN));
  if (bytes.some((byte) => !(byte >= 0 && byte <= 255))) return undefined;
  return bytes as [number, number, number, number];
}

/**
 * The eight 16-bit groups of an IPv6 address (without brackets or zone), or undefined. Accepts `::`
 * and a trailing dotted quad (`::ffff:127.0.0.1`).
 */
export function parseIPv6(text: string): number[] | undefined {
  let rest = text.toLowerCase();
  const tail: number[] = [];
  const quad = /:(\d+\.\d+\.\d+\.\d+)$/.exec(rest);
  if (quad !== null) {
    const v4 = parseIPv4(quad[1]!);
    if (v4 === undefined) return undefined;
    tail.push((v4[0] << 8) | v4[1], (v4[2] << 8) | v4[3]);
    rest = `${rest.slice(0, quad.index)}:`;
    if (rest.endsWith(':::')) rest = rest.slice(0, -1);
    else if (!rest.endsWith('::')) rest = rest.slice(0, -1);
  }
  const halves = rest.split('::');
  if (halves.length > 2) return undefined;
  const groups = (half: string) => (half === '' ? [] : half.split(':'));
  const head = groups(halves[0]!);
  const back = halves.length === 2 ? groups(halves[1]!) : [];
  const hex = [...head, ...back];
  if (hex.some((group) => !/^[0-9a-f]{1,4}$/.test(group))) return undefined;
  const size = 8 - tail.length;
  if (halves.length === 1 ? hex.length !== size : hex.length >= size) return undefined;
  const zeros = size - hex.length;
  return [
    ...head.map((group) => Number.parseInt(group, 16)),
    ...new Array<number>(zeros).fill(0),
    ...back.map((group) => Number.parseInt(group, 16)),
    ...tail,
  ];
}

/** The IPv4 address an IPv6 one carries (mapped `::ffff:a.b.c.d`, compatible `::a.b.c.d`, NAT64, 6to4), if any. */
export function embeddedIPv4(groups: readonly number[]): [number, number, number, number] | undefined {
  const bytes = (high: number, low: number): [number, number, number, number] => [
    high >> 8,
    high & 0xff,
    low >> 8,
    low & 0xff,
  ];
  const zeroUpTo = (end: number) => groups.slice(0, end).every((group) => group === 0);
  if (zeroUpTo(5) && (groups[5] === 0xffff || groups[5] === 0)) return bytes(groups[6]!, groups[7]!);
  // 64:ff9b::/96 (NAT64) and 64:ff9b:1::/48 (local-use NAT64) end in an IPv4 address.
  if (groups[0] === 0x64 && groups[1] === 0xff9b) return bytes(groups[6]!, groups[7]!);
  // 2002::/16 (6to4) carries it in groups 1 and 2.
  if (groups[0] === 0x2002) return bytes(groups[1]!, groups[2]!);
  return undefined;
}
