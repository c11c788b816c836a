import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { appliedMigrations, migrateToLatest } from './migrate.ts';
import { migrations } from './migrations/index.ts';
import { seedDemoIfEmpty } from './seed/index.ts';

describe('database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(() => t.close());

  it('records every migration it ran and runs none twice', async () => {
    expect(await appliedMigrations(t.database.db)).toEqual(Object.keys(migrations));
    expect(await migrateToLatest(t.database.db)).toEqual([]);
  });

  it('seeds content for every page', async () => {
    const count = async (
      table: 'essay' | 'link' | 'hitokoto' | 'bangumi' | 'moment' | 'comment' | 'waifu' | 'article',
    ) =>
      Number(
        (
          await t.database.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('essay')).toBeGreaterThan(20);
    expect(await count('article')).toBe(1);
    expect(await count('hitokoto')).toBeGreaterThan(20);
    expect(await count('bangumi')).toBeGreaterThan(5);
    expect(await count('moment')).toBeGreaterThan(100);
    expect(await count('comment')).toBeGreaterThan(5);
    const states = await t.database.db.selectFrom('link').select('state').distinct().execute();
    expect(states.map((s) => s.state).sort()).toEqual([1, 2, 3]);
  });

  it('spreads moments over the last year', async () => {
    const rows = await t.database.db.selectFrom('moment').select('created_at').execute();
    const ages = rows.map((r) => (t.clock.now - r.created_at) / 86_400_000);
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...ages)).toBeGreaterThan(300);
    expect(Math.max(...ages)).toBeLessThanOrEqual(366);
  });

  it('seeds only once, even after the demo content is deleted', async () => {
    await t.database.db.deleteFrom('essay').where('hide', '=', 1).execute();
    expect(await seedDemoIfEmpty(t.database.db, t.config)).toBe(false);
  });
});

describe('the demo seed on replicas starting together', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is written by exactly one of two seeds racing on the same database', async () => {
    // Two transactions at once: on PostgreSQL two pooled connections, as two replicas would be.
    const outcomes = await Promise.all([
      seedDemoIfEmpty(t.database.db, t.config),
      seedDemoIfEmpty(t.database.db, t.config),
    ]);
    expect(outcomes.sort()).toEqual([false, true]);
    const markers = await t.database.db
      .selectFrom('meta_string')
      .select('id')
      .where('key', '=', 'demo-seeded')
      .execute();
    expect(markers).toHaveLength(1);
  });
});
