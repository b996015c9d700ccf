import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '@/server/config';

/** Every IPv6 address but those of ::ffff:0:0/96 (IPv4's), as the 96 CIDRs around it. */
const everyIpv6ButIpv4 = Array.from({ length: 96 }, (_, n) => {
  const bits = BigInt(n + 1);
  // The first bits - 1 bits of ::ffff:0:0 (80 zeros, then ones), the next one flipped.
  const ones = bits <= 80n ? 0n : (1n << (bits - 81n)) - 1n;
  const value = bits <= 80n ? 1n << (128n - bits) : ones << (129n - bits);
  const hex = value.toString(16).padStart(32, '0');
  return `${hex.match(/.{4}/g)!.join(':')}/${bits}`;
});

/** Issue 32 finding 5: `TRUST_PROXY=0.0.0.0/0` was taken, and trusted every client's X-Forwarded-For. */
describe('TRUST_PROXY refuses whatever trusts every address', () => {
  const trustProxy = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;
  const refusal = (value: string) => {
    try {
      trustProxy(value);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error(`TRUST_PROXY=${value} was taken`);
  };

  it.each(['true', 'TRUE', '*', 'all', 'any'])('refuses %s by name', (value) => {
    expect(refusal(value)).toBe(
      `TRUST_PROXY must be none, a hop count, or proxy addresses / CIDRs separated by commas (not "${value}"): it would trust every address, and any client could then choose the address its rate limits count against`,
    );
  });

  it.each([
    ['0.0.0.0/0', 'IPv4'],
    ['203.0.113.7/0', 'IPv4'],
    ['10.0.0.1, 0.0.0.0/0', 'IPv4'],
    ['0.0.0.0/1,128.0.0.0/1', 'IPv4'],
    ['0.0.0.0/2, 64.0.0.0/2, 128.0.0.0/1', 'IPv4'],
    // IPv6's way of writing every IPv4 address: proxy-addr matches IPv4 clients against it.
    ['::ffff:0:0/96', 'IPv4'],
    ['::ffff:0.0.0.0/96', 'IPv4'],
    ['::ffff:0.0.0.0/97, 128.0.0.0/1', 'IPv4'],
    ['::/0', 'IPv4 and IPv6'],
    ['::/1, 8000::/1', 'IPv4 and IPv6'],
    ['::/1, 8000::/1, ::ffff:0:0/96', 'IPv4 and IPv6'],
    ['::/2, 4000::/2, 8000::/1', 'IPv4 and IPv6'],
  ])('refuses %s: it covers every %s address', (value, family) => {
    expect(refusal(value)).toBe(
      `TRUST_PROXY must not trust every address (${value
        .split(',')
        .map((entry) => entry.trim())
        .join(
          ', ',
        )} cover every ${family} address): any client could then choose the address its rate limits count against. Name the proxies' own addresses or CIDRs, or their hop count.`,
    );
  });

  it('refuses CIDRs that together hold every IPv6 address, and takes them with one left out', () => {
    expect(refusal(everyIpv6ButIpv4.join(','))).toBe(
      `TRUST_PROXY must not trust every address (${everyIpv6ButIpv4.join(', ')} cover every IPv6 address): any client could then choose the address its rate limits count against. Name the proxies' own addresses or CIDRs, or their hop count.`,
    );
    expect(trustProxy(everyIpv6ButIpv4.slice(1).join(','))).toEqual(everyIpv6ButIpv4.slice(1));
  });

  it.each([
    ['10.0.0.0/8, 127.0.0.1,::1', ['10.0.0.0/8', '127.0.0.1', '::1']],
    ['0.0.0.0/1', ['0.0.0.0/1']],
    ['::ffff:10.0.0.0/104', ['::ffff:10.0.0.0/104']],
    ['2400:cb00::/32, 173.245.48.0/20', ['2400:cb00::/32', '173.245.48.0/20']],
    ['0.0.0.0', ['0.0.0.0']],
  ])('takes proxies that are not everyone: %s', (value, list) => {
    expect(trustProxy(value)).toEqual(list);
    // Fastify takes the list as it is.
    expect(() => Fastify({ trustProxy: list })).not.toThrow();
  });

  it('still takes none and a hop count', () => {
    expect(trustProxy('none')).toBe(false);
    expect(trustProxy('2')).toBe(2);
  });
});
