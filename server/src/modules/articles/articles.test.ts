import { ErrorCode } from '@candy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

describe('articles', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: 1_700_000_000_000 });
    await t.database.db
      .insertInto('article')
      .values({ id: 1, content: '# 关于\n\n你好', updated_at: 42 })
      .execute();
  });
  afterAll(() => t.close());

  it('answers article 1, the about page', async () => {
    const res = await t.server.inject({ method: 'GET', url: '/api/blog/article/1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 0,
      data: { id: 1, content: '# 关于\n\n你好', updatedAt: 42, pictures: {} },
    });
  });

  it('answers 4040 for a missing article', async () => {
    const res = await t.server.inject({ method: 'GET', url: '/api/blog/article/2' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(ErrorCode.notFound);
  });

  it('tells comments whether an article exists', async () => {
    expect(await t.modules.articles.exists(1)).toBe(true);
    expect(await t.modules.articles.exists(2)).toBe(false);
  });
});
