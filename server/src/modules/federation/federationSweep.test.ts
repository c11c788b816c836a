import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner, testOwnerGuard } from '../../../test/contentFactories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

/** Issue 29: Fedify's cache entries that have expired are removed by the `federation-sweep` job. */
describe('the federation-sweep job', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ownerGuard: testOwnerGuard });
  });
  afterAll(() => t.close());

  it('removes the expired key-value entries and keeps the live and lasting ones', async () => {
    await t.database.db
      .insertInto('federation_kv')
      .values([
        { key: 'expired', value: '1', expires_at: t.clock.now - 1 },
        { key: 'live', value: '2', expires_at: t.clock.now + 60_000 },
        { key: 'lasting', value: '3', expires_at: null },
      ])
      .execute();
    const fired = await t.server.inject({
      method: 'POST',
      url: '/api/job/fire/federation-sweep',
      headers: asOwner,
    });
    expect(fired.json().code).toBe(0);
    await t.modules.scheduler.idle();
    const jobs = (await t.server.inject({ method: 'GET', url: '/api/job', headers: asOwner })).json()
      .data as {
      id: string;
      runs: { output: string; outcome: string }[];
    }[];
    expect(jobs.find((j) => j.id === 'federation-sweep')?.runs[0]).toMatchObject({
      outcome: 'ok',
      output: '删除了 1 条过期缓存',
    });
    const keys = await t.database.db.selectFrom('federation_kv').select('key').orderBy('key').execute();
    expect(keys.map((k) => k.key)).toEqual(['lasting', 'live']);
    // Nothing was queued: the sweep's look at the queue did not need Fedify.
    expect(t.modules.federation.loaded()).toBe(false);
  });
});
