import type { Essay } from '@candy/contract/calls/essays';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner, insertEssays, testOwnerGuard } from '../../../test/contentFactories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { applyImport, uploadExport, wptest } from './importTestKit.ts';

const DAY = 86_400_000;

/**
 * Imported essays get new (higher) ids but keep their old dates: every list of essays goes by date,
 * so a blog moved in today lists below the owner's newer essays, page after page.
 */
describe('essay lists after an import of older essays', () => {
  let t: TestApp;
  let ownIds: number[];
  beforeAll(async () => {
    t = await createTestApp({ ownerGuard: testOwnerGuard });
    // The owner's own essays, written before the move but dated after every WordPress post.
    ownIds = await insertEssays(t, [
      { content: '搬家前写的第一篇', at: t.clock.now - 2 * DAY },
      { content: '搬家前写的第二篇', at: t.clock.now - DAY },
    ]);
    const uploaded = await uploadExport(t, wptest);
    expect(uploaded.code).toBe(0);
    expect((await applyImport(t, uploaded.data.id)).status).toBe('done');
  });
  afterAll(() => t.close());

  /** Every page of the list, following the cursor the way the web app does. */
  const wholeList = async (headers: Record<string, string>): Promise<Essay[]> => {
    const all: Essay[] = [];
    for (let page = 0; page < 50; page += 1) {
      const start = all.at(-1)?.id;
      const res = await t.server.inject({
        method: 'GET',
        url: `/api/blog/essay${start ? `?start=${start}` : ''}`,
        headers,
      });
      const body = res.json() as { data: { list: Essay[]; hasMore: boolean } };
      all.push(...body.data.list);
      if (!body.data.hasMore) return all;
    }
    throw new Error('the list never ended');
  };
  const byDate = (essays: Essay[]) =>
    [...essays].sort((a, b) => b.createdAt - a.createdAt || b.id - a.id).map((e) => e.id);

  it.each([
    ['a visitor', {}],
    ['the owner', asOwner],
  ])('lists the owner’s newer essays first and the imported ones by date for %s', async (_who, headers) => {
    const essays = await wholeList(headers);
    expect(essays.length).toBeGreaterThan(20);
    // Imported after them, yet listed below them (the owner also sees WordPress's scheduled post on
    // top: it is dated by its publish time, still ahead).
    const published = essays.filter((e) => e.reservation === null || e.reservation <= t.clock.now);
    expect(published.slice(0, 2).map((e) => e.id)).toEqual([...ownIds].reverse());
    expect(Math.min(...essays.map((e) => e.id))).toBeLessThan(Math.max(...essays.slice(2).map((e) => e.id)));
    expect(essays.map((e) => e.id)).toEqual(byDate(essays));
    // The cursor neither repeats nor skips an essay.
    expect(new Set(essays.map((e) => e.id)).size).toBe(essays.length);
  });

  it('orders the feed and the sitemap by date too', async () => {
    const visible = await wholeList({});
    const feed = await t.server.inject({ method: 'GET', url: '/feed.xml', headers: { host: 'example.com' } });
    const linked = [...feed.body.matchAll(/<link>http:\/\/example\.com\/chaos\/(\d+)<\/link>/g)].map((m) =>
      Number(m[1]),
    );
    expect(linked).toEqual(visible.slice(0, 20).map((e) => e.id));
    const sitemap = await t.server.inject({
      method: 'GET',
      url: '/sitemap.xml',
      headers: { host: 'example.com' },
    });
    const mapped = [...sitemap.body.matchAll(/\/chaos\/(\d+)<\/loc>/g)].map((m) => Number(m[1]));
    expect(mapped).toEqual(visible.map((e) => e.id));
  });

  it('has the index that serves the order and the cursor on this database', async () => {
    const query =
      t.config.database.kind === 'sqlite'
        ? sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'essay'`
        : sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes WHERE tablename = 'essay'`;
    const { rows } = await query.execute(t.database.db);
    expect(rows.map((row) => row.name)).toContain('essay_date_order');
  });

  it('ends the list after a cursor whose essay is gone instead of starting over', async () => {
    const res = await t.server.inject({ method: 'GET', url: '/api/blog/essay?start=2000000000' });
    expect(res.json().data).toEqual({ list: [], hasMore: false });
  });
});
