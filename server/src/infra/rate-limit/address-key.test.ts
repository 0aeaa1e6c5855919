import { describe, expect, it } from 'vitest';
import { addressKey } from './address-key';

describe('addressKey', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2:0:0:0:0/64'],
    ['2001:db8:1:2::9', '2001:db8:1:2:0:0:0:0/64'],
    ['2001:DB8:1:2:ffff::1', '2001:db8:1:2:0:0:0:0/64'],
    ['::1', '0:0:0:0:0:0:0:0/64'],
    ['fe80::1%eth0', 'fe80:0:0:0:0:0:0:0/64'],
    ['64:ff9b::198.51.100.1', '64:ff9b:0:0:0:0:0:0/64'],
    ['not-an-address', 'not-an-address'],
  ])('%s → %s', (ip, key) => {
    expect(addressKey(ip)).toBe(key);
  });

  it('counts every address of one /64 as one client, other prefixes apart', () => {
    expect(addressKey('2001:db8::1')).toBe(addressKey('2001:db8::ffff:1'));
    expect(addressKey('2001:db8:0:1::1')).not.toBe(addressKey('2001:db8::1'));
    expect(addressKey('2001:db8:0:1::1', 48)).toBe(addressKey('2001:db8::1', 48));
    expect(addressKey('2001:db8:0:1::1', 56)).toBe('2001:db8:0:0:0:0:0:0/56');
  });
});
