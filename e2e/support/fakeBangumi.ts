// A copy of server/test/fakes/bangumiUpstream.ts: the e2e project cannot import the server's test files.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/**
 * Recorded shapes of the public Bangumi API (https://bangumi.github.io/api/), trimmed to the fields
 * we read plus a few we ignore, so a change in what we parse shows here:
 * - v0 `GET /v0/subjects/{id}` → a subject (name, name_cn, images{large,common,medium,small,grid},
 *   date, eps, total_episodes, summary, tags[{name,count}], rating{rank,total,score}, …); unknown id
 *   → HTTP 404 `{"title":"Not Found","description":"…"}`.
 * - v0 `POST /v0/search/subjects?limit=&offset=` body `{keyword, sort, filter:{type:[2], air_date:[">=…","<…"]}}`
 *   → `{data:[subject…], total, limit, offset}`.
 * - legacy `GET /search/subject/{keyword}?type=2&responseGroup=medium&start=&max_results=`
 *   → `{results, list:[{id, url, type, name, name_cn, summary, air_date, air_weekday, eps, eps_count,
 *   rating{total,count,score}, rank, images{…}}]}`; nothing found → HTTP 200 `{"request":…,"code":404,"error":"Not Found"}`.
 * Covers are served by the fake itself at `/pic/cover/l/{id}.jpg` (a real JPEG).
 */
export interface FakeSubject {
  id: number;
  name: string;
  name_cn: string;
  date: string;
  eps: number;
  summary: string;
  tags: string[];
  score: number;
}

export type FakeBangumiMode = 'ok' | 'http500' | 'garbage';

export interface FakeBangumiUpstream {
  base: string;
  requests: { method: string; url: string; userAgent: string; body: string }[];
  mode: FakeBangumiMode;
  close(): Promise<void>;
}

export const demoSubjects: FakeSubject[] = [
  {
    id: 400602,
    name: '葬送のフリーレン',
    name_cn: '葬送的芙莉莲',
    date: '2023-09-29',
    eps: 28,
    summary: '打倒魔王的勇者一行人的后日谈。',
    tags: ['奇幻', '治愈'],
    score: 8.9,
  },
  {
    id: 253,
    name: 'カウボーイビバップ',
    name_cn: '星际牛仔',
    date: '1998-10-23',
    eps: 26,
    summary: '2071 年，赏金猎人们的故事。',
    tags: ['科幻', '经典'],
    score: 9.1,
  },
  {
    id: 328609,
    name: 'ぼっち・ざ・ろっく！',
    name_cn: '孤独摇滚！',
    date: '2022-10-09',
    eps: 12,
    summary: '社恐少女后藤一里加入乐队的故事。',
    tags: ['音乐', '日常'],
    score: 8.7,
  },
];

export const startFakeBangumi = async (
  subjects: readonly FakeSubject[] = demoSubjects,
): Promise<FakeBangumiUpstream> => {
  const fake: FakeBangumiUpstream = { base: '', requests: [], mode: 'ok', close: async () => {} };
  const cover = await sharp({ create: { width: 60, height: 84, channels: 3, background: '#e8a0b4' } })
    .jpeg()
    .toBuffer();
  const images = (id: number) => {
    const url = (size: string) => `${fake.base}/pic/cover/${size}/${id}.jpg`;
    return { large: url('l'), common: url('c'), medium: url('m'), small: url('s'), grid: url('g') };
  };
  const v0 = (s: FakeSubject) => ({
    id: s.id,
    type: 2,
    name: s.name,
    name_cn: s.name_cn,
    summary: s.summary,
    nsfw: false,
    locked: false,
    date: s.date,
    platform: 'TV',
    images: images(s.id),
    infobox: [],
    volumes: 0,
    eps: s.eps,
    total_episodes: s.eps,
    rating: { rank: 1, total: 1000, count: {}, score: s.score },
    collection: { wish: 1, collect: 1, doing: 1, on_hold: 1, dropped: 1 },
    tags: s.tags.map((name) => ({ name, count: 100 })),
  });
  const legacy = (s: FakeSubject) => ({
    id: s.id,
    url: `http://bgm.tv/subject/${s.id}`,
    type: 2,
    name: s.name,
    name_cn: s.name_cn,
    summary: s.summary,
    air_date: s.date,
    air_weekday: 5,
    eps: s.eps,
    eps_count: s.eps,
    rating: { total: 1000, count: {}, score: s.score },
    rank: 1,
    images: images(s.id),
  });
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString();
    });
    req.on('end', () => {
      fake.requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        userAgent: String(req.headers['user-agent'] ?? ''),
        body,
      });
      const url = new URL(req.url ?? '/', 'http://fake');
      const send = (status: number, answer: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(typeof answer === 'string' ? answer : JSON.stringify(answer));
      };
      if (url.pathname.startsWith('/pic/cover/')) {
        res.writeHead(200, { 'content-type': 'image/jpeg' });
        return res.end(cover);
      }
      if (fake.mode === 'http500') return send(500, { title: 'Internal Server Error' });
      if (fake.mode === 'garbage') return send(200, '<html>oops</html>');
      const one = url.pathname.match(/^\/v0\/subjects\/(\d+)$/);
      if (one) {
        const s = subjects.find((x) => x.id === Number(one[1]));
        return s
          ? send(200, v0(s))
          : send(404, { title: 'Not Found', description: "resource can't be found" });
      }
      if (url.pathname === '/v0/search/subjects' && req.method === 'POST') {
        const query = JSON.parse(body || '{}') as { filter?: { air_date?: string[] } };
        const [from = '>=0000', to = '<9999'] = query.filter?.air_date ?? [];
        const hits = subjects.filter((s) => s.date >= from.slice(2) && s.date < to.slice(1));
        const limit = Number(url.searchParams.get('limit') ?? 10);
        const offset = Number(url.searchParams.get('offset') ?? 0);
        return send(200, {
          data: hits.slice(offset, offset + limit).map(v0),
          total: hits.length,
          limit,
          offset,
        });
      }
      const search = url.pathname.match(/^\/search\/subject\/(.+)$/);
      if (search) {
        const keyword = decodeURIComponent(search[1] ?? '');
        const hits = subjects.filter((s) => s.name.includes(keyword) || s.name_cn.includes(keyword));
        if (hits.length === 0) return send(200, { request: req.url, code: 404, error: 'Not Found' });
        const start = Number(url.searchParams.get('start') ?? 0);
        const max = Number(url.searchParams.get('max_results') ?? 25);
        return send(200, { results: hits.length, list: hits.slice(start, start + max).map(legacy) });
      }
      send(404, { title: 'Not Found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
};
