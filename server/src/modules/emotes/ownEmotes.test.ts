import { ErrorCode } from '@candy/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asOwner, testOwnerGuard } from '../../../test/contentFactories.ts';
import { type FakeEmoteUpstream, startFakeEmoteUpstream } from '../../../test/fakes/emoteUpstream.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { remoteIndexTtlMs } from './service.ts';

const packages = [
  {
    id: 1,
    text: '小黄脸',
    emote: [
      { id: 101, text: '[doge]', url: 'https://i0.hdslb.com/bfs/emote/doge.png' },
      { id: 102, text: '[微笑]', url: 'https://i0.hdslb.com/bfs/emote/smile.png' },
      // A kaomoji entry of a text package: nothing to keep.
      { id: 103, text: '(´・ω・`)', url: '', type: 4 },
    ],
  },
];
const index = [
  { id: 'cat-1', name: '猫猫头', group: '猫', url: 'cats/1.gif' },
  { id: 'dog-1', name: 'dog wave', url: 'https://cdn.test/dog.png' },
  { id: 'evil', name: 'evil', url: 'javascript:alert(1)' },
];

describe('owner emotes', () => {
  let fake: FakeEmoteUpstream;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeEmoteUpstream(packages, index);
    t = await createTestApp({
      ownerGuard: testOwnerGuard,
      env: { EMOTE_BILIBILI_BASE: fake.bilibiliBase, EMOTE_REMOTE_INDEX: fake.indexUrl },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  afterEach(() => {
    fake.mode = 'ok';
    t.clock.advance(remoteIndexTtlMs + 1);
  });

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, owner = true) =>
    t.server.inject({
      method,
      url: `/api${url}`,
      headers: owner ? asOwner : {},
      ...(payload ? { payload } : {}),
    });

  it.each([
    ['GET', '/blog/emote/self'],
    ['GET', '/blog/emote/remote'],
    ['GET', '/blog/emote/select/cat-1'],
    ['POST', '/blog/emote/bilibili'],
    ['DELETE', '/blog/emote/self/1'],
  ] as const)('%s %s refuses visitors with 4010', async (method, url) => {
    const res = await call(method, url, method === 'POST' ? { id: 1 } : undefined, false);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(ErrorCode.unauthorized);
  });

  it('searches the remote index by keyword, with absolute picture addresses', async () => {
    const res = await call('GET', '/blog/emote/remote?keyword=猫');
    expect(res.json().data).toEqual([
      {
        id: 'cat-1',
        name: '猫猫头',
        group: '猫',
        url: `${fake.bilibiliBase}/repo/cats/1.gif`,
        selected: false,
      },
    ]);
  });

  it('never offers an entry whose picture is not an http(s) address', async () => {
    const ids = (await call('GET', '/blog/emote/remote')).json().data.map((e: { id: string }) => e.id);
    expect(ids).toEqual(['cat-1', 'dog-1']);
  });

  it('fetches the index once while it is fresh', async () => {
    const before = fake.requests.length;
    await call('GET', '/blog/emote/remote?keyword=dog');
    await call('GET', '/blog/emote/remote?keyword=cat');
    expect(fake.requests.length - before).toBe(1);
  });

  it('adds a selected remote emote to the owner’s set and the public list', async () => {
    const res = await call('GET', '/blog/emote/select/dog-1');
    expect(res.json().data).toMatchObject({
      code: '[dog wave]',
      url: 'https://cdn.test/dog.png',
      source: 'remote',
    });
    const self = (await call('GET', '/blog/emote/self')).json().data;
    expect(self.map((e: { code: string }) => e.code)).toContain('[dog wave]');
    const list = (await call('GET', '/blog/emote/list', undefined, false)).json().data;
    expect(list).toContainEqual({
      code: '[dog wave]',
      group: 'remote',
      type: 'image',
      value: 'https://cdn.test/dog.png',
    });
    const remote = (await call('GET', '/blog/emote/remote?keyword=dog')).json().data;
    expect(remote[0].selected).toBe(true);
  });

  it('answers 4040 for an id the remote index does not have', async () => {
    expect((await call('GET', '/blog/emote/select/nope')).statusCode).toBe(404);
  });

  it('imports the picture emotes of a Bilibili package, replacing built-ins of the same code', async () => {
    const res = await call('POST', '/blog/emote/bilibili', { id: 1 });
    expect(res.json().data).toEqual({ group: '小黄脸', count: 2 });
    const list = (await call('GET', '/blog/emote/list', undefined, false)).json().data;
    const doges = list.filter((e: { code: string }) => e.code === '[doge]');
    expect(doges).toEqual([
      { code: '[doge]', group: '小黄脸', type: 'image', value: 'https://i0.hdslb.com/bfs/emote/doge.png' },
    ]);
  });

  it('imports the same package twice without duplicates', async () => {
    await call('POST', '/blog/emote/bilibili', { id: 1 });
    await call('POST', '/blog/emote/bilibili', { id: 1 });
    const self = (await call('GET', '/blog/emote/self')).json().data;
    expect(self.filter((e: { code: string }) => e.code === '[微笑]')).toHaveLength(1);
  });

  it('answers 4040 for a package Bilibili does not know', async () => {
    expect((await call('POST', '/blog/emote/bilibili', { id: 424242 })).statusCode).toBe(404);
  });

  it.each(['http500', 'garbage', 'biliError'] as const)(
    'answers 5030 when Bilibili answers %s',
    async (mode) => {
      fake.mode = mode;
      const res = await call('POST', '/blog/emote/bilibili', { id: 1 });
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe(ErrorCode.providerFailed);
    },
  );

  it('answers 5030 when the remote index is broken', async () => {
    fake.mode = 'garbage';
    expect((await call('GET', '/blog/emote/remote')).statusCode).toBe(503);
  });

  it('removes one of the owner’s emotes: the built-in of its code shows again', async () => {
    await call('POST', '/blog/emote/bilibili', { id: 1 });
    const self = (await call('GET', '/blog/emote/self')).json().data as { id: number; code: string }[];
    const doge = self.find((e) => e.code === '[doge]');
    expect((await call('DELETE', `/blog/emote/self/${doge?.id}`)).json()).toEqual({ code: 0, data: null });
    const after = (await call('GET', '/blog/emote/self')).json().data as { code: string }[];
    expect(after.map((e) => e.code)).not.toContain('[doge]');
    expect(after).toHaveLength(self.length - 1);
    const list = (await call('GET', '/blog/emote/list', undefined, false)).json().data;
    expect(list.filter((e: { code: string }) => e.code === '[doge]')).toEqual([
      expect.objectContaining({ code: '[doge]', group: expect.not.stringMatching('小黄脸') }),
    ]);
    // Gone means gone: again is 4040; a malformed id is 4000.
    expect((await call('DELETE', `/blog/emote/self/${doge?.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', '/blog/emote/self/abc')).json().code).toBe(ErrorCode.validation);
  });

  it('refuses a malformed package id with 4000', async () => {
    expect((await call('POST', '/blog/emote/bilibili', { id: 'abc' })).statusCode).toBe(400);
  });
});

describe('owner emotes without a remote index', () => {
  it('answers 5030 for a remote search', async () => {
    const t = await createTestApp({ ownerGuard: testOwnerGuard });
    try {
      const res = await t.server.inject({ method: 'GET', url: '/api/blog/emote/remote', headers: asOwner });
      expect(res.statusCode).toBe(503);
    } finally {
      await t.close();
    }
  });
});
