import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { flattenHeaders, writeRawHead } from './rawHead.ts';

describe('writeRawHead', () => {
  it('sends every header of the flat list, repeated ones included, and the request id', async () => {
    const headers = flattenHeaders({
      'cache-control': 'no-cache',
      'set-cookie': ['a=1', 'b=2'],
      'content-length': 2,
      skipped: undefined,
    });
    expect(headers).toEqual([
      'cache-control',
      'no-cache',
      'set-cookie',
      'a=1',
      'set-cookie',
      'b=2',
      'content-length',
      2,
    ]);
    const server = createServer((_req, res) => {
      writeRawHead(res, 203, headers, ['x-request-id', 'req-1']);
      res.end('ok');
    }).listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      expect(res.status).toBe(203);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
      expect(res.headers.get('x-request-id')).toBe('req-1');
      expect(res.headers.has('skipped')).toBe(false);
      expect(await res.text()).toBe('ok');
    } finally {
      server.close();
    }
  });
});
