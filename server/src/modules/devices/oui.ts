import { createRequire } from 'node:module';
import type { MacInfo } from '@candy/contract/calls/insight';

let registry: Record<string, string> | null = null;
/** The IEEE registry (~5 MB) is read on first use only, so it costs nothing until the page is opened. */
const load = (): Record<string, string> => {
  registry ??= createRequire(import.meta.url)('oui-data') as Record<string, string>;
  return registry;
};

const kinds = [
  [9, 'MA-S'],
  [7, 'MA-M'],
  [6, 'MA-L'],
] as const;

/** Vendor of a MAC (`aa:bb:cc:dd:ee:ff`): longest registered prefix wins; locally administered = private. */
export const macInfo = (mac: string): MacInfo => {
  const hex = mac.replace(/:/g, '').toUpperCase();
  if (Number.parseInt(hex.slice(0, 2), 16) & 0x02)
    return { mac, vendor: '', registry: 'private', address: '' };
  const oui = load();
  for (const [length, kind] of kinds) {
    const entry = oui[hex.slice(0, length)];
    if (entry) {
      const [vendor = '', ...address] = entry.split('\n');
      return { mac, vendor, registry: kind, address: address.join('\n') };
    }
  }
  return { mac, vendor: '', registry: 'unknown', address: '' };
};
