import { isIPv4, isIPv6 } from 'node:net';
import { RateLimits } from '@shared/limits';

/** The eight 16-bit groups of an IPv6 address (embedded IPv4 tail included), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address;
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = v4[1].split('.').map(Number);
    text = `${text.slice(0, -v4[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string): number[] => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const zeros = 8 - left.length - right.length;
  if (zeros < 0 || (tail === undefined && zeros !== 0)) return null;
  const groups = [...left, ...new Array<number>(zeros).fill(0), ...right];
  return groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

/**
 * The rate-limit key of a client address: IPv4 as it is (also when IPv4-mapped), IPv6 by its first
 * `prefixBits` bits, since one host or customer usually owns a whole /64 and could rotate within it.
 */
export function addressKey(ip: string, prefixBits: number = RateLimits.ipv6PrefixBits): string {
  const address = ip.replace(/%.*$/, '').toLowerCase();
  if (isIPv4(address)) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  const groups = isIPv6(address) ? ipv6Groups(address) : null;
  if (!groups) return address;
  const kept = groups.map((group, i) => {
    const bits = Math.min(16, Math.max(0, prefixBits - i * 16));
    return bits === 0 ? 0 : group & (0xffff << (16 - bits)) & 0xffff;
  });
  return `${kept.map((g) => g.toString(16)).join(':')}/${prefixBits}`;
}
