import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Issue 40.1: every request to an address a user or a remote supplied goes through this folder
 * (outbound.ts, the socket-level check). This walks the server's source for every way Node can
 * open an outbound connection and fails on a file outside `net/` that does, unless it is named
 * below with the reason its addresses are not a user's.
 */
const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const OUTBOUND_PATTERNS: readonly [string, RegExp][] = [
  ['global fetch', /(?<![.\w])fetch\s*\(/],
  ['fetch handed on as a value', /[=:(,]\s*fetch\b(?!\s*[:(])/],
  ['globalThis.fetch', /globalThis\.fetch\b/],
  ['http(s).request / get', /\bhttps?\.(request|get)\s*\(/],
  ['node:http(s) client import', /import\s*\{[^}]*\b(request|get)\b[^}]*\}\s*from\s*'node:https?'/],
  // `import http from 'node:http'` hands the whole client to whoever picks it (client.request(...)).
  ['node:http(s) module import', /import\s+(?!type\b)\w+\s*(,\s*\{[^}]*\})?\s*from\s*'node:https?'/],
  ['undici', /\bundici\b/],
  ['raw sockets', /\b(net|tls)\.connect\s*\(|\bcreateConnection\s*\(/],
  [
    'node:net/tls socket import',
    /import\s+(?!type\b)(\w+|\{[^}]*\b(connect|Socket)\b[^}]*\})\s*from\s*'node:(net|tls)'/,
  ],
  ['mail transport', /\bcreateTransport\s*\(/],
  ['WebSocket', /\bnew\s+WebSocket\s*\(/],
];

/**
 * Files allowed to connect outside `net/`, each with why. An entry whose file no longer matches any
 * pattern fails too, so the list cannot go stale.
 */
const EXEMPT: Record<string, string> = {
  'providers/fetchJson.ts':
    'Outside services at base URLs the operator configures in the environment (BANGUMI_API_BASE …), never a user',
  'providers/bangumi/bangumi.ts': 'The Bangumi API at BANGUMI_API_BASE (environment)',
  'providers/music/netease.ts': 'The music API at its base URL from the environment',
  'providers/devices/index.ts':
    'The router (OpenWrt ubus) at the address in the environment: a LAN address on purpose',
  'modules/federation/deliveryFetch.ts':
    'Swaps globalThis.fetch for outbound.fetch while Fedify delivers: the patch that routes Fedify through net/',
};

const sourceFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });

/** Comments say "fetch(" too: only code counts. */
const withoutComments = (text: string) =>
  text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

const hitsOf = (text: string) =>
  OUTBOUND_PATTERNS.filter(([, pattern]) => pattern.test(text)).map(([name]) => name);

describe('outbound requests go through server/src/net', () => {
  const files = sourceFiles(src).map((file) => ({
    name: path.relative(src, file).split(path.sep).join('/'),
    text: withoutComments(fs.readFileSync(file, 'utf8')),
  }));

  it('finds the outbound module itself (the scan can see what it looks for)', () => {
    const outbound = files.find((file) => file.name === 'net/outbound.ts');
    expect(outbound && hitsOf(outbound.text)).toContain('node:http(s) module import');
  });

  it('leaves no module outside net/ that opens a connection on its own', () => {
    const offenders = files
      .filter((file) => !file.name.startsWith('net/') && !(file.name in EXEMPT))
      .map((file) => {
        const hits = hitsOf(file.text);
        return hits.length > 0 ? `${file.name}: ${hits.join(', ')}` : null;
      })
      .filter(Boolean);
    expect(offenders).toEqual([]);
  });

  it('keeps every exemption true (each exempt file still connects)', () => {
    const stale = Object.keys(EXEMPT).filter((name) => {
      const file = files.find((f) => f.name === name);
      return !file || hitsOf(file.text).length === 0;
    });
    expect(stale).toEqual([]);
  });
});
