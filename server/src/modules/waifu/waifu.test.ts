import { ErrorCode } from '@candy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner, testOwnerGuard } from '../../../test/contentFactories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

describe('waifu gallery', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { DARK_KEY: 'k' }, ownerGuard: testOwnerGuard });
    await t.database.db
      .insertInto('waifu')
      .values([
        { url: '/files/a.png', width: 600, height: 800, title: '旧', created_at: 1 },
        { url: '/files/b.png', width: 1920, height: 1080, title: '新', created_at: 2 },
      ])
      .execute();
  });
  afterAll(() => t.close());

  const gallery = (headers: Record<string, string>) =>
    t.server.inject({ method: 'GET', url: '/api/blog/waifu', headers });

  it.each([
    ['without a key', {}],
    ['with a wrong key', { 'x-dark-key': 'wrong' }],
    ['with a wrong owner key', { 'x-fingerprint': 'wrong' }],
  ])('refuses a caller %s with 4031', async (_, headers) => {
    const res = await gallery(headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: ErrorCode.darkKeyRequired, data: null });
  });

  it.each([
    ['the dark key', { 'x-dark-key': 'k' }],
    ['the owner', asOwner],
  ])('answers %s newest first with sizes known up front', async (_, headers) => {
    const res = await gallery(headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        id: expect.any(Number),
        url: '/files/b.png',
        preview: '',
        width: 1920,
        height: 1080,
        title: '新',
        tags: [],
        // Not uploaded through the pipeline: no copies (issue 30).
        pictures: {},
      },
      {
        id: expect.any(Number),
        url: '/files/a.png',
        preview: '',
        width: 600,
        height: 800,
        title: '旧',
        tags: [],
        pictures: {},
      },
    ]);
  });

  it('refuses everyone but the owner when no dark key is configured', async () => {
    const bare = await createTestApp({ ownerGuard: testOwnerGuard });
    try {
      const refused = await bare.server.inject({
        method: 'GET',
        url: '/api/blog/waifu',
        headers: { 'x-dark-key': 'k' },
      });
      expect(refused.json().code).toBe(ErrorCode.darkKeyRequired);
      const owner = await bare.server.inject({ method: 'GET', url: '/api/blog/waifu', headers: asOwner });
      expect(owner.statusCode).toBe(200);
    } finally {
      await bare.close();
    }
  });
});
