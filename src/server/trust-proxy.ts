import { isIP } from 'node:net';

/**
 * TRUST_PROXY: `none` (the default), a hop count (`1` behind one load balancer), or a comma-separated
 * list of proxy addresses / CIDRs. Whatever would trust every address is refused (issue 32 finding 5:
 * `0.0.0.0/0` was taken): any client could then choose, by X-Forwarded-For, the address its rate
 * limits count against. That is `true` and its like, and any list whose ranges together cover every
 * IPv4 address or every IPv6 address (`0.0.0.0/0`, `::/0`, `0.0.0.0/1,128.0.0.0/1`, `::ffff:0:0/96`,
 * which holds every IPv4 address as IPv6 writes them). A hop count above the real number of proxies
 * trusts the client too, but only the operator knows that number.
 * Returns Fastify's `trustProxy`: false, a hop count, or the list; throws the message to show.
 */
export function parseTrustProxy(raw: string | undefined): false | number | string[] {
  const value = (raw ?? '').trim();
  if (value === '' || value === 'none' || value === '0') return false;
  if (/^\d+$/.test(value)) return Number(value);
  const usage =
    'TRUST_PROXY must be none, a hop count, or proxy addresses / CIDRs separated by commas';
  if (/^(true|\*|all|any)$/i.test(value)) {
    throw new Error(
      `${usage} (not "${value}"): it would trust every address, and ${CLIENT_CHOOSES}`,
    );
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const ranges = entries.map((entry) => {
    const range = parseRange(entry);
    if (!range) throw new Error(`${usage} (not "${entry}")`);
    return range;
  });
  const covered = EVERY_ADDRESS.filter(({ spans }) =>
    spans.every((span) => coversSpan(ranges, span)),
  ).map(({ family }) => family);
  if (covered.length > 0) {
    throw new Error(
      `TRUST_PROXY must not trust every address (${entries.join(', ')} cover every ${covered.join(' and ')} address): ${CLIENT_CHOOSES}. Name the proxies' own addresses or CIDRs, or their hop count.`,
    );
  }
  return entries;
}

const CLIENT_CHOOSES = 'any client could then choose the address its rate limits count against';

/** An inclusive range of addresses in IPv6's 128-bit space (IPv4 as ::ffff:a.b.c.d). */
type Span = readonly [bigint, bigint];

/** ::ffff:0:0/96: every IPv4 address, as IPv6 writes it (and as proxy-addr matches IPv4 clients). */
const MAPPED_IPV4: Span = [0xffffn << 32n, (0xffffn << 32n) | 0xffffffffn];

/** Every IPv4 address, and every IPv6 address (all of the 128-bit space but the IPv4 ones). */
const EVERY_ADDRESS: { family: string; spans: Span[] }[] = [
  { family: 'IPv4', spans: [MAPPED_IPV4] },
  {
    family: 'IPv6',
    spans: [
      [0n, MAPPED_IPV4[0] - 1n],
      [MAPPED_IPV4[1] + 1n, (1n << 128n) - 1n],
    ],
  },
];

/** `address` or `address/bits` as a span, or undefined when it is neither. */
function parseRange(entry: string): Span | undefined {
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return undefined;
  const maxBits = version === 4 ? 32 : 128;
  if (bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= maxBits)) return undefined;
  const prefix = BigInt(bits ?? maxBits) + (version === 4 ? 96n : 0n);
  const start = version === 4 ? MAPPED_IPV4[0] | ipv4Value(address) : ipv6Value(address);
  const size = 1n << (128n - prefix);
  const first = start - (start % size);
  return [first, first + size - 1n];
}

function ipv4Value(address: string): bigint {
  return address.split('.').reduce((value, part) => (value << 8n) | BigInt(part), 0n);
}

/** An IPv6 address (`::` shortening, an IPv4 tail and a zone allowed) as its 128-bit value. */
function ipv6Value(address: string): bigint {
  let text = address.replace(/%.*$/, '');
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (tail) {
    const v4 = ipv4Value(tail);
    text = `${text.slice(0, -tail.length)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const restGroups = rest === undefined || rest === '' ? [] : rest.split(':');
  const zeros = Array<string>(8 - headGroups.length - restGroups.length).fill('0');
  return [...headGroups, ...zeros, ...restGroups].reduce(
    (value, group) => (value << 16n) | BigInt(`0x${group}`),
    0n,
  );
}

/** Whether the ranges together hold every address of `span`. */
function coversSpan(ranges: Span[], [from, to]: Span): boolean {
  let next = from;
  for (const [start, end] of [...ranges].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
    if (start > next) break;
    if (end >= next) next = end + 1n;
    if (next > to) return true;
  }
  return false;
}
