import { BlockList, isIP } from 'node:net';

/**
 * Where an IP address points, for the SSRF guard (DESIGN §11): the server must not send a request
 * into its own host or network because a user typed an address. Everything but `public` is refused
 * unless configuration allows it.
 */
export type AddressClass =
  | 'public'
  | 'loopback'
  | 'private'
  | 'linkLocal'
  | 'unspecified'
  | 'multicast'
  | 'reserved'
  | 'invalid';

type Range = readonly [network: string, prefix: number, family: 'ipv4' | 'ipv6'];

const ranges: Record<Exclude<AddressClass, 'public' | 'invalid'>, readonly Range[]> = {
  unspecified: [
    ['0.0.0.0', 8, 'ipv4'],
    ['::', 128, 'ipv6'],
  ],
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  private: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    // Carrier-grade NAT: not on the public internet either.
    ['100.64.0.0', 10, 'ipv4'],
    // Unique local addresses, and the deprecated site-local ones.
    ['fc00::', 7, 'ipv6'],
    ['fec0::', 10, 'ipv6'],
  ],
  linkLocal: [
    // Holds cloud metadata services (169.254.169.254).
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  multicast: [
    ['224.0.0.0', 4, 'ipv4'],
    ['ff00::', 8, 'ipv6'],
  ],
  reserved: [
    ['192.0.0.0', 24, 'ipv4'],
    ['192.0.2.0', 24, 'ipv4'],
    ['198.18.0.0', 15, 'ipv4'],
    ['198.51.100.0', 24, 'ipv4'],
    ['203.0.113.0', 24, 'ipv4'],
    // 240/4 holds the broadcast address.
    ['240.0.0.0', 4, 'ipv4'],
    ['2001:db8::', 32, 'ipv6'],
    // IPv4-compatible addresses (deprecated) and the discard prefix.
    ['::', 96, 'ipv6'],
    ['100::', 64, 'ipv6'],
  ],
};

const lists = Object.entries(ranges).map(([name, entries]) => {
  const list = new BlockList();
  for (const [network, prefix, family] of entries) list.addSubnet(network, prefix, family);
  return [name as AddressClass, list] as const;
});

/** Parses an IPv6 address into its eight 16-bit groups (an embedded dotted IPv4 tail included). */
const ipv6Groups = (address: string): number[] | null => {
  let text = address;
  const tail: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const bytes = dotted[1].split('.').map(Number);
    tail.push(((bytes[0] ?? 0) << 8) | (bytes[1] ?? 0), ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0));
    text = `${text.slice(0, -dotted[1].length)}0`;
  }
  const [head = '', rest] = text.split('::');
  const parse = (part: string) =>
    part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16));
  const front = parse(head);
  const back = rest === undefined ? [] : parse(rest);
  if (tail.length > 0) back.length > 0 ? back.pop() : front.pop();
  const fill = 8 - front.length - back.length - tail.length;
  const groups = [...front, ...new Array<number>(Math.max(0, fill)).fill(0), ...back, ...tail];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff)
    ? groups
    : null;
};

/**
 * The IPv4 address inside an IPv4-mapped (`::ffff:a.b.c.d`) or NAT64 (`64:ff9b::a.b.c.d`) IPv6
 * address, in either spelling: connecting to one reaches that IPv4 address.
 */
export const embeddedIpv4 = (address: string): string | null => {
  const groups = ipv6Groups(address);
  if (!groups) return null;
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  const nat64 = groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0);
  if (!mapped && !nat64) return null;
  const [high = 0, low = 0] = groups.slice(6);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
};

/** Strips brackets and an IPv6 zone (`fe80::1%eth0`). */
const bare = (address: string): string => address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');

export const classifyAddress = (input: string): AddressClass => {
  const address = bare(input);
  const family = isIP(address);
  if (family === 0) return 'invalid';
  if (family === 6) {
    const v4 = embeddedIpv4(address);
    if (v4 !== null) return classifyAddress(v4);
  }
  const type = family === 4 ? 'ipv4' : 'ipv6';
  for (const [name, list] of lists) if (list.check(address, type)) return name;
  return 'public';
};

/** What configuration lets through besides public addresses (OUTBOUND_ALLOW_PRIVATE, OUTBOUND_ALLOWED_ADDRESSES). */
export interface OutboundPolicy {
  /** Loopback, private and link-local addresses are all allowed (a site inside a home network). */
  allowPrivate: boolean;
  /** Addresses or CIDR ranges allowed whatever their class (tests allow 127.0.0.1). */
  allowed: readonly string[];
}

export const publicOnly: OutboundPolicy = { allowPrivate: false, allowed: [] };

const allowListOf = (allowed: readonly string[]): BlockList => {
  const list = new BlockList();
  for (const entry of allowed) {
    const [network = '', prefix] = entry.split('/');
    const family = isIP(network) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(network, family);
    else list.addSubnet(network, Number(prefix), family);
  }
  return list;
};

/** Answers whether a policy lets the server connect to an address. */
export const addressChecker = (policy: OutboundPolicy) => {
  const allowList = allowListOf(policy.allowed);
  return (input: string): boolean => {
    const address = bare(input);
    const kind = classifyAddress(address);
    if (kind === 'invalid') return false;
    if (kind === 'public') return true;
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (allowList.check(address, family)) return true;
    const v4 = family === 'ipv6' ? embeddedIpv4(address) : null;
    if (v4 !== null && allowList.check(v4, 'ipv4')) return true;
    return policy.allowPrivate && (kind === 'loopback' || kind === 'private' || kind === 'linkLocal');
  };
};

/** A valid entry of OUTBOUND_ALLOWED_ADDRESSES: an address or a CIDR range. */
export const isAddressOrRange = (entry: string): boolean => {
  const [network = '', prefix, extra] = entry.split('/');
  const family = isIP(network);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits >= 0 && bits <= (family === 4 ? 32 : 128);
};
