import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeEmotePackage {
  id: number;
  text: string;
  emote: { id: number; text: string; url: string; type?: number }[];
}

export interface FakeIndexEntry {
  id: string | number;
  name: string;
  group?: string;
  url: string;
}

export type FakeEmoteMode = 'ok' | 'http500' | 'garbage' | 'biliError';

export interface FakeEmoteUpstream {
  /** Stands in for https://api.bilibili.com. */
  bilibiliBase: string;
  /** A remote emote index at `/repo/index.json`. */
  indexUrl: string;
  requests: string[];
  mode: FakeEmoteMode;
  close(): Promise<void>;
}

/**
 * Bilibili's emote package API (`/x/emote/package?business=reply&ids=`, recorded shape) and a remote
 * emote index with relative picture paths, on 127.0.0.1.
 */
export const startFakeEmoteUpstream = async (
  packages: readonly FakeEmotePackage[],
  index: readonly FakeIndexEntry[],
): Promise<FakeEmoteUpstream> => {
  const fake: FakeEmoteUpstream = {
    bilibiliBase: '',
    indexUrl: '',
    requests: [],
    mode: 'ok',
    close: async () => {},
  };
  const server = http.createServer((req, res) => {
    fake.requests.push(req.url ?? '');
    const url = new URL(req.url ?? '/', 'http://fake');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    if (fake.mode === 'http500') return send(500, {});
    if (fake.mode === 'garbage') return send(200, 'not json at all');
    if (url.pathname === '/x/emote/package') {
      if (fake.mode === 'biliError') return send(200, { code: -400, message: '请求错误', ttl: 1 });
      const ids = (url.searchParams.get('ids') ?? '').split(',').map(Number);
      const found = packages
        .filter((p) => ids.includes(p.id))
        .map((p) => ({
          ...p,
          url: p.emote[0]?.url ?? '',
          type: 1,
          emote: p.emote.map((e) => ({ package_id: p.id, type: 1, meta: { size: 1 }, ...e })),
        }));
      return send(200, { code: 0, message: '0', ttl: 1, data: { packages: found.length ? found : null } });
    }
    if (url.pathname === '/repo/index.json') return send(200, index);
    return send(404, { code: 404 });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.bilibiliBase = `http://127.0.0.1:${port}`;
  fake.indexUrl = `http://127.0.0.1:${port}/repo/index.json`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
};
