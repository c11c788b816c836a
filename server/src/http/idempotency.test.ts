import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner, testOwnerGuard } from '../../test/contentFactories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/** Owner writes with an `Idempotency-Key` (issue 28: nginx resends a PUT when a replica dies). */
describe('owner writes with an Idempotency-Key', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ownerGuard: testOwnerGuard });
  });
  afterAll(() => t.close());

  const put = (key: string | undefined, title: string) =>
    t.server.inject({
      method: 'PUT',
      url: '/api/todolist/realtodo',
      headers: { ...asOwner, ...(key ? { 'idempotency-key': key } : {}) },
      payload: { title },
    });
  const todosTitled = async (title: string) =>
    (await t.database.db.selectFrom('todo').select('id').where('title', '=', title).execute()).length;

  it('does a write sent twice with one key once, and answers the second like the first', async () => {
    const first = await put('k-once', '只做一次');
    const again = await put('k-once', '只做一次');
    expect(first.json().code).toBe(0);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(await todosTitled('只做一次')).toBe(1);
  });

  it('does each write without a key, or with a new key', async () => {
    await put(undefined, '每次都做');
    await put(undefined, '每次都做');
    await put('k-a', '每次都做');
    await put('k-b', '每次都做');
    expect(await todosTitled('每次都做')).toBe(4);
  });

  it('frees the key of a write that failed, so a retry is tried again', async () => {
    const missing = () =>
      t.server.inject({
        method: 'DELETE',
        url: '/api/todolist/realtodo/999999',
        headers: { ...asOwner, 'idempotency-key': 'k-failed' },
      });
    expect((await missing()).json().code).toBe(4040);
    expect((await missing()).json().code).toBe(4040);
  });

  it('refuses a key used for another call, or one whose write never finished (its replica died)', async () => {
    await put('k-other', '另一个');
    const elsewhere = await t.server.inject({
      method: 'DELETE',
      url: '/api/todolist/realtodo/1',
      headers: { ...asOwner, 'idempotency-key': 'k-other' },
    });
    expect(elsewhere.json().code).toBe(4090);
    await t.database.db
      .insertInto('idempotency_key')
      .values({ key: 'k-died', request: 'PUT /api/todolist/realtodo', answer: null, created_at: t.clock.now })
      .execute();
    const retry = await put('k-died', '半途');
    expect(retry.json().code).toBe(4090);
    expect(await todosTitled('半途')).toBe(0);
  });
});
