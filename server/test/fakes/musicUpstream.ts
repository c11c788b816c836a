import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeSong {
  id: number;
  name: string;
  artists: string[];
  picUrl: string;
  /** null: the song exists but has no play address (paid, region-locked). */
  url: string | null;
}

/** How the fake answers: like the real API, or broken in one of the ways upstreams break. */
export type FakeMode = 'ok' | 'http500' | 'garbage' | 'wrongShape' | 'hang';

export interface FakeMusicUpstream {
  baseUrl: string;
  /** Every request's path and query, in order. */
  requests: string[];
  mode: FakeMode;
  close(): Promise<void>;
}

const detailOf = (song: FakeSong) => ({
  id: song.id,
  name: song.name,
  ar: song.artists.map((name, index) => ({ id: index + 1, name, alias: [] })),
  al: { id: song.id * 10, name: `${song.name} (album)`, picUrl: song.picUrl },
  dt: 240_000,
});

/**
 * A NetEase-compatible music API on 127.0.0.1 answering the recorded shapes of
 * NeteaseCloudMusicApi's `/song/detail?ids=` and `/song/url?id=`.
 */
export const startFakeMusicUpstream = async (songs: readonly FakeSong[]): Promise<FakeMusicUpstream> => {
  const byId = new Map(songs.map((song) => [song.id, song]));
  const fake: FakeMusicUpstream = { baseUrl: '', requests: [], mode: 'ok', close: async () => {} };
  const hanging = new Set<http.ServerResponse>();

  const server = http.createServer((req, res) => {
    fake.requests.push(req.url ?? '');
    const url = new URL(req.url ?? '/', 'http://fake');
    const ids = (url.searchParams.get(url.pathname === '/song/detail' ? 'ids' : 'id') ?? '')
      .split(',')
      .filter(Boolean)
      .map(Number);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    switch (fake.mode) {
      case 'hang':
        hanging.add(res);
        return;
      case 'http500':
        return send(500, { code: 500, msg: 'upstream broke' });
      case 'garbage':
        return send(200, '<html>502 Bad Gateway</html>');
      case 'wrongShape':
        return send(200, { code: 200, result: 'nothing you expect' });
      case 'ok':
        break;
    }
    if (url.pathname === '/song/detail') {
      const found = ids.flatMap((id) => {
        const song = byId.get(id);
        return song ? [detailOf(song)] : [];
      });
      return send(200, { code: 200, songs: found, privileges: [] });
    }
    if (url.pathname === '/song/url') {
      // Like the real API: unknown ids come back with a null url.
      const data = ids.map((id) => ({ id, url: byId.get(id)?.url ?? null, br: 128000, code: 200 }));
      return send(200, { code: 200, data });
    }
    return send(404, { code: 404, msg: 'not found' });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.baseUrl = `http://127.0.0.1:${port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
};

/** A base URL on which nothing listens: a closed port on 127.0.0.1. */
export const unreachableBaseUrl = async (): Promise<string> => {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
};
