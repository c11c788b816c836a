import { ErrorCode } from '@candy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner, testOwnerGuard } from '../../../test/contentFactories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

describe('to-dos', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ownerGuard: testOwnerGuard });
  });
  afterAll(() => t.close());

  const inject = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object, owner = true) =>
    t.server.inject({
      method,
      url: `/api${url}`,
      headers: owner ? asOwner : {},
      ...(payload ? { payload } : {}),
    });
  const titles = async (filter = 'all') =>
    (await inject('GET', `/todolist/realtodo?filter=${filter}`))
      .json()
      .data.map((x: { title: string }) => x.title);

  it.each([
    ['GET', '/todolist/realtodo'],
    ['PUT', '/todolist/realtodo'],
    ['GET', '/todolist/realtodo/1'],
    ['PUT', '/todolist/realtodo/1'],
    ['DELETE', '/todolist/realtodo/1'],
  ] as const)('%s %s refuses visitors with 4010', async (method, url) => {
    const res = await inject(method, url, method === 'PUT' ? { title: 'x' } : undefined, false);
    expect(res.json().code).toBe(ErrorCode.unauthorized);
  });

  it('adds at the end, reorders the whole list, checks off, edits and deletes; all of it persists', async () => {
    for (const title of ['买牛奶', '写周报', '修自行车']) {
      expect((await inject('PUT', '/todolist/realtodo', { title })).statusCode).toBe(200);
    }
    const list = (await inject('GET', '/todolist/realtodo')).json().data as { id: number; title: string }[];
    expect(list.map((x) => x.title)).toEqual(['买牛奶', '写周报', '修自行车']);
    expect(list[0]).toMatchObject({ notes: '', done: false, dueAt: null, priority: 0 });
    const [a, b, c] = list.map((x) => x.id) as [number, number, number];
    const reordered = (await inject('PUT', '/todolist/realtodo', { order: [c, a, b] })).json().data;
    expect(reordered.map((x: { id: number }) => x.id)).toEqual([c, a, b]);
    expect(await titles()).toEqual(['修自行车', '买牛奶', '写周报']);

    const due = t.clock.now - 1000;
    const done = (
      await inject('PUT', `/todolist/realtodo/${a}`, { done: true, priority: 3, dueAt: due })
    ).json().data;
    expect(done).toMatchObject({ id: a, done: true, priority: 3, dueAt: due });
    expect((await inject('GET', `/todolist/realtodo/${a}`)).json().data.done).toBe(true);
    expect(await titles('done')).toEqual(['买牛奶']);
    expect(await titles('open')).toEqual(['修自行车', '写周报']);

    expect((await inject('DELETE', `/todolist/realtodo/${b}`)).json().data).toEqual({ id: b });
    expect((await inject('GET', `/todolist/realtodo/${b}`)).json().code).toBe(ErrorCode.notFound);
    // A partial order puts the listed first and keeps the rest after them.
    await inject('PUT', '/todolist/realtodo', { order: [a] });
    expect(await titles()).toEqual(['买牛奶', '修自行车']);
  });

  it.each([
    [{}, 'title'],
    [{ title: 'x', order: [1] }, 'title'],
    [{ title: '' }, 'title'],
    [{ title: 'x', priority: 7 }, 'priority'],
    [{ order: [999_999] }, 'order'],
    [{ order: ['a'] }, 'order.0'],
  ])('PUT /todolist/realtodo refuses %j with 4000 on %s', async (payload, field) => {
    const res = await inject('PUT', '/todolist/realtodo', payload);
    expect(res.json().code).toBe(ErrorCode.validation);
    expect(res.json().errors.map((e: { property: string }) => e.property)).toContain(field);
  });

  it.each([
    [{ done: 'yes' }, 'done'],
    [{ dueAt: -5 }, 'dueAt'],
    [{ title: '' }, 'title'],
  ])('PUT /todolist/realtodo/{id} refuses %j with 4000 on %s', async (payload, field) => {
    const res = await inject('PUT', '/todolist/realtodo/1', payload);
    expect(res.json().code).toBe(ErrorCode.validation);
    expect(res.json().errors.map((e: { property: string }) => e.property)).toContain(field);
  });
});
