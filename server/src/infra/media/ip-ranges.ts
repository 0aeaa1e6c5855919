import net from 'node:net';

// Everything that is not globally routable unicast, plus the IPv6 forms that embed an IPv4 address
// (mapped, compatible, NAT64, 6to4, Teredo), which could smuggle a private IPv4 past the check.
const V4 = [
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.88.99.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4',
  '240.0.0.0/4',
];
const V6 = [
  '::/96',
  '::1/128',
  '::ffff:0:0/96',
  '64:ff9b::/96',
  '64:ff9b:1::/48',
  '100::/64',
  '2001::/23',
  '2001:db8::/32',
  '2002::/16',
  'fc00::/7',
  'fe80::/10',
  'fec0::/10',
  'ff00::/8',
];

// Two lists: one BlockList matches IPv4 addresses against IPv6 rules in mapped form, which would make
// the `::ffff:0:0/96` rule refuse every IPv4 address.
const blocked4 = new net.BlockList();
for (const cidr of V4) {
  const [addr = '', bits = '32'] = cidr.split('/');
  blocked4.addSubnet(addr, Number(bits), 'ipv4');
}
const blocked6 = new net.BlockList();
for (const cidr of V6) {
  const [addr = '', bits = '128'] = cidr.split('/');
  blocked6.addSubnet(addr, Number(bits), 'ipv6');
}

/** True for loopback, private, link-local, multicast, reserved and IPv4-embedding IPv6 addresses. */
export function isForbiddenAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return blocked4.check(address, 'ipv4');
  if (family === 6) return blocked6.check(address, 'ipv6');
  // Not an IP address at all: never connect to it.
  return true;
}
