import { ErrorCode, Texts } from '@candy/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeMusicUpstream,
  startFakeMusicUpstream,
  unreachableBaseUrl,
} from '../../../test/fakes/musicUpstream.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { detailTtlMs, urlTtlMs } from './service.ts';

const songs = [
  {
    id: 1001,
    name: '晴天',
    artists: ['周杰伦'],
    picUrl: 'http://img.test/1001.jpg',
    url: 'http://audio.test/1001.mp3',
  },
  {
    id: 1002,
    name: 'Duet',
    artists: ['Alice', 'Bob', 'Carol'],
    picUrl: 'http://img.test/1002.jpg',
    url: 'http://audio.test/1002.mp3',
  },
  { id: 1003, name: '付费歌曲', artists: ['某人'], picUrl: 'http://img.test/1003.jpg', url: null },
];

describe('music proxy', () => {
  let fake: FakeMusicUpstream;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeMusicUpstream(songs);
    t = await createTestApp({ env: { MUSIC_API_BASE: fake.baseUrl } });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  afterEach(() => {
    fake.mode = 'ok';
    // Every test starts with a cold cache.
    t.clock.advance(detailTtlMs + 1);
  });

  const get = (url: string) => t.server.inject({ method: 'GET', url: `/api${url}` });

  it('answers tracks with the spec §3 fields, artists joined by /', async () => {
    const res = await get('/music/song/detail?ids=1002,1001');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 0,
      data: [
        {
          id: 1002,
          name: 'Duet',
          singer: 'Alice/Bob/Carol',
          picUrl: 'http://img.test/1002.jpg',
          url: 'http://audio.test/1002.mp3',
        },
        {
          id: 1001,
          name: '晴天',
          singer: '周杰伦',
          picUrl: 'http://img.test/1001.jpg',
          url: 'http://audio.test/1001.mp3',
        },
      ],
    });
  });

  it('gives a song without a play address an empty url', async () => {
    const res = await get('/music/song/detail?ids=1003');
    expect(res.json().data[0]).toMatchObject({ id: 1003, name: '付费歌曲', url: '' });
  });

  it('answers 4040 with the spec text naming the missing id', async () => {
    const res = await get('/music/song/detail?ids=1001,999');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: ErrorCode.notFound, errorMsg: Texts.musicNotFound(999) });
    expect(res.json().errorMsg).toBe('没有找到对应的音乐: 999');
  });

  it('answers a play address by id', async () => {
    const res = await get('/music/song/url?id=1001');
    expect(res.json()).toEqual({ code: 0, data: { id: 1001, url: 'http://audio.test/1001.mp3' } });
  });

  it.each([['999'], ['1003']])('answers 4040 for the play address of song %s, which has none', async (id) => {
    const res = await get(`/music/song/url?id=${id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().errorMsg).toBe(Texts.musicNotFound(id));
  });

  it('serves a repeated lookup from the cache without asking upstream again', async () => {
    await get('/music/song/detail?ids=1001');
    const before = fake.requests.length;
    const again = await get('/music/song/detail?ids=1001');
    expect(again.json().data[0].name).toBe('晴天');
    expect(fake.requests.length).toBe(before);
  });

  it('asks upstream again once a play address is older than its lifetime', async () => {
    await get('/music/song/url?id=1001');
    const before = fake.requests.length;
    t.clock.advance(urlTtlMs + 1);
    await get('/music/song/url?id=1001');
    expect(fake.requests.slice(before)).toEqual(['/song/url?id=1001']);
  });

  it('asks upstream only for the ids it has not cached', async () => {
    await get('/music/song/detail?ids=1001');
    const before = fake.requests.length;
    await get('/music/song/detail?ids=1001,1002');
    expect(fake.requests.slice(before)).toEqual(['/song/detail?ids=1002', '/song/url?id=1002']);
  });

  it.each(['http500', 'garbage', 'wrongShape'] as const)(
    'answers 5030 when upstream answers %s',
    async (mode) => {
      fake.mode = mode;
      const res = await get('/music/song/detail?ids=1001');
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe(ErrorCode.providerFailed);
    },
  );

  it.each([
    ['no ids', '/music/song/detail'],
    ['an empty id', '/music/song/detail?ids=1001,'],
    ['a non-numeric id', '/music/song/detail?ids=abc'],
    ['too many ids', `/music/song/detail?ids=${Array.from({ length: 51 }, (_, i) => i + 1).join(',')}`],
    ['a non-numeric url id', '/music/song/url?id=1;drop'],
  ])('refuses %s with 4000', async (_, url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(ErrorCode.validation);
  });
});

describe('music proxy without a reachable upstream', () => {
  it('answers 5030 when nothing listens at MUSIC_API_BASE', async () => {
    const t = await createTestApp({ env: { MUSIC_API_BASE: await unreachableBaseUrl() } });
    try {
      const res = await t.server.inject({ method: 'GET', url: '/api/music/song/url?id=1001' });
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe(ErrorCode.providerFailed);
    } finally {
      await t.close();
    }
  });

  it('answers 5030 when MUSIC_API_BASE is not configured', async () => {
    const t = await createTestApp();
    try {
      const res = await t.server.inject({ method: 'GET', url: '/api/music/song/detail?ids=1' });
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe(ErrorCode.providerFailed);
    } finally {
      await t.close();
    }
  });
});
