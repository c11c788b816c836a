import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseApiBase, fetchProbe, type Probe } from './apiHost.ts';

/** A probe answering from a fixed set of live hosts, after a per-host delay. */
const fakeProbe =
  (live: Record<string, number>): Probe =>
  (base) =>
    new Promise((resolve) => setTimeout(() => resolve(base in live), live[base] ?? 1));

describe('API host selection by tiers 0–2 (spec §7)', () => {
  it('uses the same origin when no candidates are configured', async () => {
    expect(await chooseApiBase([], fakeProbe({}), '/api')).toBe('/api');
  });

  it('prefers a live tier 0 host over a faster tier 1 host', async () => {
    const candidates = [
      { tier: 1, url: 'https://b' },
      { tier: 0, url: 'https://a' },
    ];
    expect(await chooseApiBase(candidates, fakeProbe({ 'https://a': 30, 'https://b': 1 }), '/api')).toBe(
      'https://a',
    );
  });

  it('takes the first host of a tier to answer', async () => {
    const candidates = [
      { tier: 0, url: 'https://slow' },
      { tier: 0, url: 'https://fast' },
    ];
    expect(
      await chooseApiBase(candidates, fakeProbe({ 'https://slow': 40, 'https://fast': 5 }), '/api'),
    ).toBe('https://fast');
  });

  it('falls through dead tiers to tier 2', async () => {
    const candidates = [
      { tier: 0, url: 'https://a' },
      { tier: 1, url: 'https://b' },
      { tier: 2, url: 'https://c/' },
    ];
    expect(await chooseApiBase(candidates, fakeProbe({ 'https://c': 1 }), '/api')).toBe('https://c');
  });

  it('answers null when nothing answers', async () => {
    expect(await chooseApiBase([{ tier: 0, url: 'https://a' }], fakeProbe({}), '/api')).toBeNull();
  });

  it('treats a probe that throws as a dead host', async () => {
    const throwing: Probe = async (base) => {
      if (base === 'https://a') throw new Error('boom');
      return true;
    };
    const candidates = [
      { tier: 0, url: 'https://a' },
      { tier: 1, url: 'https://b' },
    ];
    expect(await chooseApiBase(candidates, throwing, '/api')).toBe('https://b');
  });

  describe('the fetch probe against real servers', () => {
    let server: http.Server;
    let base = '';
    const seen: (string | undefined)[] = [];
    beforeAll(async () => {
      server = http.createServer((req, res) => {
        seen.push(req.headers['x-uuid'] as string | undefined);
        const ok = req.url === '/good/system/version';
        res.writeHead(ok ? 200 : 404, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify(ok ? { code: 0, data: '20250916-1' } : { code: 4040, data: null, errorMsg: 'no' }),
        );
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((r) => server.close(() => r())));

    it('picks the host whose /system/version answers, sending the headers', async () => {
      const probe = fetchProbe(() => ({ 'x-uuid': 'u-probe' }));
      const candidates = [
        { tier: 0, url: `${base}/bad` },
        { tier: 0, url: 'http://127.0.0.1:1' },
        { tier: 1, url: `${base}/good` },
      ];
      expect(await chooseApiBase(candidates, probe, '/api')).toBe(`${base}/good`);
      expect(seen).toContain('u-probe');
    });
  });
});
