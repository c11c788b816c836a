import fs from 'node:fs';
import path from 'node:path';
import { ErrorCode } from '@candy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryString } from '../../../test/contentFactories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createHitokotoRepo } from './repo.ts';
import { createHitokotoService } from './service.ts';

const quote = (text: string, length: number) => ({
  hitokoto: text,
  type: 'i',
  source: '测试',
  source_who: null,
  length,
  created_at: 0,
});

describe('hitokoto', () => {
  let t: TestApp;
  const byLength = new Map<number, number>();

  beforeAll(async () => {
    t = await createTestApp();
    for (const length of [10, 20, 30, 31, 45, 60, 61, 90]) {
      const row = await t.database.db
        .insertInto('hitokoto')
        .values(quote(`长度 ${length}`, length))
        .returning('id')
        .executeTakeFirstOrThrow();
      byLength.set(length, row.id);
    }
  });
  afterAll(() => t.close());

  const idOf = (length: number) => byLength.get(length) as number;
  const random = async (query: Record<string, string> = {}) => {
    const res = await t.server.inject({
      method: 'GET',
      url: `/api/blog/hitokoto/random?${queryString(query)}`,
    });
    expect(res.statusCode).toBe(200);
    return res.json().data as { id: number; length: number; hitokoto: string };
  };
  const draws = async (query: Record<string, string>, times = 25) =>
    Promise.all(Array.from({ length: times }, () => random(query)));

  it('answers a quote with its fields', async () => {
    const others = [...byLength.values()].filter((id) => id !== idOf(10));
    expect(await random({ exclude: others.join(',') })).toEqual({
      id: idOf(10),
      hitokoto: '长度 10',
      from: '测试',
      fromWho: null,
      type: 'i',
      length: 10,
    });
  });

  it('draws across the whole table without flags', async () => {
    const ids = new Set((await draws({}, 60)).map((q) => q.id));
    expect(ids.size).toBeGreaterThan(3);
  });

  it.each([
    ['mobile', { mobile: '1' }, 30],
    ['pc', { pc: 'true' }, 60],
    ['both (mobile wins)', { pc: 'true', mobile: 'true' }, 30],
  ])('keeps to the %s length', async (_, query, max) => {
    for (const q of await draws(query)) expect(q.length).toBeLessThanOrEqual(max);
  });

  it('never answers an excluded id while others remain', async () => {
    const exclude = [idOf(10), idOf(20)].join(',');
    for (const q of await draws({ mobile: '1', exclude })) expect(q.id).toBe(idOf(30));
  });

  it('starts a new round once every fitting quote was seen', async () => {
    const exclude = [idOf(10), idOf(20), idOf(30)].join(',');
    for (const q of await draws({ mobile: '1', exclude })) expect(q.length).toBeLessThanOrEqual(30);
  });

  it.each([
    ['exclude', { exclude: '1,a' }],
    ['exclude.0', { exclude: '0' }],
    ['pc', { pc: 'yes please' }],
  ])('refuses a bad %s with 4000', async (property, query) => {
    const res = await t.server.inject({
      method: 'GET',
      url: `/api/blog/hitokoto/random?${queryString(query)}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: ErrorCode.validation, errors: [{ property }] });
  });

  it('picks by position along (length, id): the draw maps onto the filtered rows', async () => {
    const repo = createHitokotoRepo(t.database.db);
    const first = createHitokotoService({ repo, random: () => 0 });
    const last = createHitokotoService({ repo, random: () => 0.999_999 });
    expect((await first.random({ exclude: [], pc: true, mobile: false })).length).toBe(10);
    expect((await last.random({ exclude: [], pc: true, mobile: false })).length).toBe(60);
    expect((await last.random({ exclude: [idOf(60)], pc: true, mobile: false })).length).toBe(45);
  });

  it('lists every quote for the offline snapshot', async () => {
    const all = await t.modules.hitokoto.listForSnapshot();
    expect(all.map((q) => q.length)).toEqual([10, 20, 30, 31, 45, 60, 61, 90]);
  });

  describe('sentences-bundle import', () => {
    it('imports valid entries, skips duplicates and junk, recounts lengths', async () => {
      const file = path.join(t.config.dataDir, 'i.json');
      fs.writeFileSync(
        file,
        JSON.stringify([
          {
            id: 1,
            uuid: 'x',
            hitokoto: '春风十里不如你',
            type: 'i',
            from: '某诗',
            from_who: '某人',
            length: 99,
          },
          { id: 2, hitokoto: '  无名之句  ', type: 'd', from: null, from_who: null, length: 4 },
          { id: 3, hitokoto: '长度 10', type: 'i', from: '测试', from_who: null, length: 5 },
          { id: 4, hitokoto: '春风十里不如你', type: 'i', from: '重复', from_who: null, length: 7 },
          { id: 5, type: 'a', from: '缺正文' },
          { id: 6, hitokoto: '类型不对', type: 7 },
        ]),
      );
      const { importSentencesFile } = await import('./importSentences.ts');
      const result = await importSentencesFile(createHitokotoRepo(t.database.db), file, 123);
      expect(result).toEqual({ imported: 2, duplicates: 2, invalid: 2 });
      const rows = await t.database.db
        .selectFrom('hitokoto')
        .select(['hitokoto', 'type', 'source', 'source_who', 'length', 'created_at'])
        .where('created_at', '=', 123)
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        {
          hitokoto: '春风十里不如你',
          type: 'i',
          source: '某诗',
          source_who: '某人',
          length: 7,
          created_at: 123,
        },
        { hitokoto: '无名之句', type: 'd', source: '', source_who: null, length: 4, created_at: 123 },
      ]);
      await t.database.db.deleteFrom('hitokoto').where('created_at', '=', 123).execute();
    });

    it('refuses a file that is not a list of sentences', async () => {
      const file = path.join(t.config.dataDir, 'bad.json');
      fs.writeFileSync(file, JSON.stringify({ hitokoto: 'one' }));
      const { importSentencesFile } = await import('./importSentences.ts');
      await expect(importSentencesFile(createHitokotoRepo(t.database.db), file, 1)).rejects.toThrow(
        '文件应是句子的 JSON 数组',
      );
    });
  });

  it('serves quotes from memory: a write shows after its announcement or the reload interval', async () => {
    const before = await random({});
    await t.database.db.updateTable('hitokoto').set({ hitokoto: '改过了' }).execute();
    // Unannounced (another process wrote): the copy in memory still answers.
    expect((await random({ exclude: '' })).hitokoto).not.toBe('改过了');
    t.clock.advance(30_000);
    expect((await random({})).hitokoto).toBe('改过了');
    await t.database.db.updateTable('hitokoto').set({ hitokoto: '又改了' }).execute();
    t.publicCache.invalidate('hitokoto');
    expect((await random({})).hitokoto).toBe('又改了');
    expect(before.id).toBeGreaterThan(0);
  });

  describe('answered before Fastify over real HTTP (issue 16)', () => {
    let base = '';
    beforeAll(async () => {
      base = await t.server.listen({ port: 0, host: '127.0.0.1' });
    });
    const fast = () => t.modules.hitokotoFastRead.answers;
    /** Header names and values that do not change per request. */
    const stable = (headers: Record<string, unknown>) => {
      const {
        date: _date,
        'x-request-id': _id,
        connection: _c,
        'keep-alive': _k,
        'content-length': _l,
        ...rest
      } = headers;
      return rest;
    };

    it('draws from memory with the ordinary answer’s headers and the same envelope', async () => {
      const ordinary = await t.server.inject({ method: 'GET', url: '/api/blog/hitokoto/random?pc=1' });
      const before = fast();
      const others = [...byLength.values()].filter((id) => id !== idOf(30));
      const res = await fetch(`${base}/api/blog/hitokoto/random?pc=true&exclude=${others.join(',')}`);
      expect(fast()).toBe(before + 1);
      expect(res.status).toBe(200);
      expect(stable(Object.fromEntries(res.headers))).toEqual(stable(ordinary.headers));
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(await res.json()).toEqual({
        code: 0,
        // (An earlier test rewrote every quote's text.)
        data: {
          id: idOf(30),
          hitokoto: expect.any(String),
          from: '测试',
          fromWho: null,
          type: 'i',
          length: 30,
        },
      });
      // The phone's limit holds on this path too.
      for (let i = 0; i < 10; i += 1) {
        const quote = (await (await fetch(`${base}/api/blog/hitokoto/random?mobile=1`)).json()) as {
          data: { length: number };
        };
        expect(quote.data.length).toBeLessThanOrEqual(30);
      }
    });

    it('reads the table again before the copy goes stale, so steady readers never leave this path', async () => {
      const draw = async () =>
        ((await (await fetch(`${base}/api/blog/hitokoto/random`)).json()) as { data: { hitokoto: string } })
          .data.hitokoto;
      await draw();
      const before = fast();
      // Written by another process: nothing announced here.
      await t.database.db.updateTable('hitokoto').set({ hitokoto: '提前读到' }).execute();
      // Seven tenths into the 30 s: the answer is still the copy's, and it asks for a fresh one.
      t.clock.advance(21_000);
      expect(await draw()).not.toBe('提前读到');
      await expect.poll(draw).toBe('提前读到');
      // Every one of those answers came from memory: the re-read needed no reader's request.
      const answered = fast() - before;
      expect(answered).toBeGreaterThanOrEqual(2);
      t.clock.advance(9_000);
      await draw();
      expect(fast() - before).toBe(answered + 1);
    });

    it('leaves a refused query, a repeated key, CORS and a stale copy to the ordinary path', async () => {
      const before = fast();
      const bad = await fetch(`${base}/api/blog/hitokoto/random?pc=maybe`);
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { code: number }).code).toBe(ErrorCode.validation);
      const twice = await fetch(`${base}/api/blog/hitokoto/random?pc=1&pc=1`);
      expect(twice.status).toBe(400);
      const cors = await fetch(`${base}/api/blog/hitokoto/random`, {
        headers: { origin: 'https://a.example' },
      });
      expect(cors.status).toBe(200);
      t.publicCache.invalidate('hitokoto');
      expect((await fetch(`${base}/api/blog/hitokoto/random`)).status).toBe(200);
      expect(fast()).toBe(before);
      // The ordinary path read the table again: the next draw is from memory.
      await fetch(`${base}/api/blog/hitokoto/random`);
      expect(fast()).toBe(before + 1);
    });
  });

  it('answers 4040 when there are no quotes at all', async () => {
    await t.database.db.deleteFrom('hitokoto').execute();
    t.publicCache.invalidate('hitokoto');
    const res = await t.server.inject({ method: 'GET', url: '/api/blog/hitokoto/random' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(ErrorCode.notFound);
  });
});
