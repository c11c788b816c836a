import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

describe('friend links', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.database.db
      .insertInto('link')
      .values([
        {
          name: '二',
          url: 'https://b.example',
          avatar: '',
          description: '失联',
          state: 2,
          sort_order: 2,
          created_at: 0,
        },
        {
          name: '一',
          url: 'https://a.example',
          avatar: 'https://a.example/a.png',
          description: '你好',
          state: 1,
          sort_order: 1,
          created_at: 0,
        },
        {
          name: '三',
          url: 'https://c.example',
          avatar: '',
          description: '单向',
          state: 3,
          sort_order: 3,
          created_at: 0,
        },
      ])
      .execute();
  });
  afterAll(() => t.close());

  it('answers every link in the owner’s order with its state', async () => {
    const res = await t.server.inject({ method: 'GET', url: '/api/blog/link' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.map((l: { name: string; state: number }) => [l.name, l.state])).toEqual([
      ['一', 1],
      ['二', 2],
      ['三', 3],
    ]);
    expect(data[0]).toEqual({
      id: expect.any(Number),
      name: '一',
      url: 'https://a.example',
      avatar: 'https://a.example/a.png',
      description: '你好',
      state: 1,
    });
  });
});
