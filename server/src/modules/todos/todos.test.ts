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

  const inject = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object, owner = true) =>
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
    ['DELETE', '/todolist/realtodo'],
    ['POST', '/todolist/realtodo/restore'],
  ] as const)('%s %s refuses visitors with 4010', async (method, url) => {
    const body = method === 'PUT' ? { title: 'x' } : method === 'POST' ? { todos: [] } : undefined;
    const res = await inject(method, url, body, false);
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

  describe('emptying and undo (issue 24)', () => {
    type Row = { id: number; title: string; notes: string; done: boolean; order: number };
    const list = async () => (await inject('GET', '/todolist/realtodo')).json().data as Row[];
    const fresh = async (items: { title: string; done?: boolean; notes?: string }[]) => {
      for (const old of await list()) await inject('DELETE', `/todolist/realtodo/${old.id}`);
      for (const item of items)
        await inject('PUT', '/todolist/realtodo', { title: item.title, notes: item.notes });
      const rows = await list();
      for (const item of items.filter((i) => i.done)) {
        const row = rows.find((r) => r.title === item.title) as Row;
        await inject('PUT', `/todolist/realtodo/${row.id}`, { done: true });
      }
      return list();
    };

    it('renames and annotates a to-do', async () => {
      const [row] = (await fresh([{ title: '买牛奶' }])) as [Row];
      const res = await inject('PUT', `/todolist/realtodo/${row.id}`, {
        title: '买燕麦奶',
        notes: '两盒，要低糖',
      });
      expect(res.json().data).toMatchObject({ id: row.id, title: '买燕麦奶', notes: '两盒，要低糖' });
      expect((await list())[0]).toMatchObject({ title: '买燕麦奶', notes: '两盒，要低糖' });
    });

    it('deletes every finished to-do at once and answers what it deleted', async () => {
      await fresh([{ title: 'a', done: true }, { title: 'b' }, { title: 'c', done: true, notes: '备注' }]);
      const res = await inject('DELETE', '/todolist/realtodo');
      expect(res.json().code).toBe(0);
      expect(res.json().data.map((t: Row) => [t.title, t.notes, t.done])).toEqual([
        ['a', '', true],
        ['c', '备注', true],
      ]);
      expect((await list()).map((t) => t.title)).toEqual(['b']);
      expect((await inject('DELETE', '/todolist/realtodo')).json().data).toEqual([]);
    });

    it('puts deleted to-dos back with their ids, notes, state and place; a second undo changes nothing', async () => {
      const before = await fresh([
        { title: 'a', done: true, notes: 'n' },
        { title: 'b' },
        { title: 'c', done: true },
      ]);
      const removed = (await inject('DELETE', '/todolist/realtodo')).json().data;
      const restored = await inject('POST', '/todolist/realtodo/restore', { todos: removed });
      expect(restored.json().code).toBe(0);
      expect(restored.json().data).toEqual(before);
      expect((await inject('POST', '/todolist/realtodo/restore', { todos: removed })).json().data).toEqual(
        before,
      );
      // A single delete is taken back the same way.
      const b = before[1] as Row;
      await inject('DELETE', `/todolist/realtodo/${b.id}`);
      await inject('POST', '/todolist/realtodo/restore', { todos: [b] });
      expect(await list()).toEqual(before);
    });

    it.each([
      [{}, 'todos'],
      [{ todos: [] }, 'todos'],
      [{ todos: [{ id: 1, title: '' }] }, 'todos.0.title'],
    ])('POST /todolist/realtodo/restore refuses %j with 4000 on %s', async (payload, field) => {
      const res = await inject('POST', '/todolist/realtodo/restore', payload);
      expect(res.json().code).toBe(ErrorCode.validation);
      expect(res.json().errors.map((e: { property: string }) => e.property)).toContain(field);
    });
  });
});
