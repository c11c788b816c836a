import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { contentMatches, searchTerms } from './textSearch.ts';

describe('full-text search', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const rows = Array.from({ length: 200 }, (_, i) => ({
      content: i % 50 === 0 ? `第${i}篇：糖果罐里的糖` : `第${i}篇：普通的一天`,
      hide: 0,
      reservation: null,
      created_at: i,
      updated_at: i,
    }));
    await t.database.db.insertInto('essay').values(rows).execute();
  });
  afterAll(() => t.close());

  it.each([
    ['  糖果  罐 ', ['糖果', '罐']],
    ['', []],
    ['a b c d e f g', ['a', 'b', 'c', 'd', 'e']],
  ])('splits %j into terms', (keyword, terms) => {
    expect(searchTerms(keyword)).toEqual(terms);
  });

  /** The database's own plan for a content search: proof that the index is used, not a table scan. */
  const planFor = async (terms: string[]): Promise<string> => {
    const compiled = t.database.db
      .selectFrom('essay')
      .select('id')
      .where(contentMatches(t.database.dialect, 'essay', terms))
      .compile();
    if (t.database.dialect === 'sqlite') {
      const { rows } = await t.database.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`EXPLAIN QUERY PLAN ${compiled.sql}`, [...compiled.parameters]),
      );
      return rows.map((r) => r.detail).join('\n');
    }
    return t.database.db.transaction().execute(async (trx) => {
      // On a table this small PostgreSQL rightly prefers a scan; forbid it to see that the index can answer.
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`EXPLAIN ${compiled.sql}`, [...compiled.parameters]),
      );
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
  };

  it('answers a Chinese keyword of 3+ characters from the trigram index', async () => {
    const plan = await planFor(['糖果罐']);
    expect(plan).toMatch(t.database.dialect === 'sqlite' ? /VIRTUAL TABLE INDEX/ : /essay_content_trgm/);
    expect(plan).not.toMatch(/SCAN essay\b(?! USING)/);
  });

  it('finds exactly the matching rows', async () => {
    const rows = await t.database.db
      .selectFrom('essay')
      .select('id')
      .where(contentMatches(t.database.dialect, 'essay', ['糖果罐']))
      .execute();
    expect(rows).toHaveLength(4);
  });
});
