import { describe, expect, it } from 'vitest';
import {
  addressChecker,
  classifyAddress,
  embeddedIpv4,
  isAddressOrRange,
  publicOnly,
} from './addressPolicy.ts';

describe('classifyAddress', () => {
  it.each([
    ['93.184.216.34', 'public'],
    ['2606:4700:4700::1111', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.1', 'public'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['fd12:3456::1', 'private'],
    ['fc00::1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['fe80::1', 'linkLocal'],
    ['fe80::1%eth0', 'linkLocal'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:a9fe:a9fe', 'linkLocal'],
    ['0:0:0:0:0:ffff:c0a8:0101', 'private'],
    ['::ffff:93.184.216.34', 'public'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['example.com', 'invalid'],
    ['', 'invalid'],
  ] as const)('%s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });
});

describe('embeddedIpv4', () => {
  it.each([
    ['::ffff:1.2.3.4', '1.2.3.4'],
    ['::ffff:0102:0304', '1.2.3.4'],
    ['2001:db8::1', null],
  ])('%s → %s', (address, v4) => {
    expect(embeddedIpv4(address)).toBe(v4);
  });
});

describe('addressChecker', () => {
  it('refuses everything but public addresses by default', () => {
    const allowed = addressChecker(publicOnly);
    expect(allowed('8.8.8.8')).toBe(true);
    expect(allowed('127.0.0.1')).toBe(false);
    expect(allowed('::ffff:127.0.0.1')).toBe(false);
    expect(allowed('10.0.0.1')).toBe(false);
  });

  it('lets listed addresses through, and only those', () => {
    const allowed = addressChecker({ allowPrivate: false, allowed: ['127.0.0.1'] });
    expect(allowed('127.0.0.1')).toBe(true);
    expect(allowed('::ffff:127.0.0.1')).toBe(true);
    expect(allowed('127.0.0.2')).toBe(false);
    expect(allowed('169.254.169.254')).toBe(false);
  });

  it('allowPrivate opens loopback, private and link-local, not multicast or unspecified', () => {
    const allowed = addressChecker({ allowPrivate: true, allowed: [] });
    expect(allowed('192.168.0.10')).toBe(true);
    expect(allowed('::1')).toBe(true);
    expect(allowed('224.0.0.1')).toBe(false);
    expect(allowed('0.0.0.0')).toBe(false);
  });
});

it.each([
  ['127.0.0.1', true],
  ['10.0.0.0/8', true],
  ['fd00::/8', true],
  ['10.0.0.0/33', false],
  ['localhost', false],
  ['1.2.3.4/8/1', false],
])('isAddressOrRange(%s) is %s', (entry, ok) => {
  expect(isAddressOrRange(entry)).toBe(ok);
});
