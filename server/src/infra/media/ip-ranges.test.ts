import { describe, expect, it } from 'vitest';
import { isForbiddenAddress } from './ip-ranges';

describe('isForbiddenAddress', () => {
  it.each([
    '127.0.0.1',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.251',
    '255.255.255.255',
    '::1',
    '::',
    '::ffff:127.0.0.1',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:7f00:1::1',
    '2001:0:4136:e378::1',
    'fe80::1',
    'fd12:3456::1',
    'ff02::1',
    'not-an-ip',
  ])('refuses %s', (ip) => {
    expect(isForbiddenAddress(ip)).toBe(true);
  });

  it.each(['8.8.8.8', '1.1.1.1', '93.184.216.34', '2606:4700:4700::1111', '2a00:1450:4001:81b::200e'])(
    'allows %s',
    (ip) => {
      expect(isForbiddenAddress(ip)).toBe(false);
    },
  );
});
