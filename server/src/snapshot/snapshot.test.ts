import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { type DarkSeal, openDark } from '@candy/contract/darkSeal';
import { deobfuscate } from '@candy/contract/obfuscation';
import { decodeIds, queryTokens, shardOf } from '@candy/contract/snapshotSearch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { runSnapshot } from './index.ts';

const read = (dir: string, rel: string) => JSON.parse(fs.readFileSync(path.join(dir, rel), 'utf8'));

describe('offline snapshot export', () => {
  let t: TestApp;
  let dir: string;
  const api = async (url: string, headers: Record<string, string> = {}) =>
    (await t.server.inject({ method: 'GET', url: `/api${url}`, headers })).json().data;

  beforeAll(async () => {
    t = await createTestApp({
      seed: true,
      env: { DARK_KEY: 'dark-k', MUSIC_PROXY_PUBLIC: 'https://music.example' },
    });
    dir = t.config.snapshotDir;
    const run = await runSnapshot(t.modules, t.config, { now: t.clock.now });
    expect(run.publish?.committed).toBe(true);
  });
  afterAll(() => t.close());

  it('lists the visible essays newest first and leaves hidden and reserved ones out', async () => {
    const ids: number[] = read(dir, 'blog/essay/index');
    const rows = await t.database.db.selectFrom('essay').select(['id', 'hide', 'reservation']).execute();
    const invisible = rows.filter((r) => r.hide === 1 || (r.reservation ?? 0) > t.clock.now).map((r) => r.id);
    expect(invisible.length).toBeGreaterThanOrEqual(2);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(ids.length).toBe(rows.length - invisible.length);
    for (const id of invisible) {
      expect(ids).not.toContain(id);
      expect(fs.existsSync(path.join(dir, `blog/essay/${id}`))).toBe(false);
    }
  });

  it('writes each essay with obfuscated content that decodes to the online answer', async () => {
    const [id] = read(dir, 'blog/essay/index') as number[];
    const offline = read(dir, `blog/essay/${id}`);
    const online = await api(`/blog/essay/${id}`);
    expect(offline.content).not.toBe(online.content);
    expect({ ...offline, content: deobfuscate(offline.content) }).toEqual(online);
  });

  it('writes a search index of the visible essays only, in shards by token (issue 46.1)', async () => {
    const ids: number[] = read(dir, 'blog/essay/index');
    const meta = read(dir, 'search/meta.json') as { shards: number; essays: number };
    expect(meta.essays).toBe(ids.length);
    const indexed = new Set<number>();
    for (let n = 0; n < meta.shards; n += 1)
      for (const deltas of Object.values(read(dir, `search/${n}.json`) as Record<string, number[]>))
        for (const id of decodeIds(deltas)) indexed.add(id);
    expect([...indexed].sort((a, b) => b - a)).toEqual(ids);
    const holding = (word: string) => {
      const [token] = queryTokens(word) as [string];
      return decodeIds(read(dir, `search/${shardOf(token, meta.shards)}.json`)[token] ?? []);
    };
    const withCode = ids.filter((id) => deobfuscate(read(dir, `blog/essay/${id}`).content)?.includes('代码'));
    expect(withCode.length).toBeGreaterThanOrEqual(2);
    expect(holding('代码').sort((a, b) => b - a)).toEqual(withCode);
    expect(holding('bisect').length).toBe(1);
  });

  it.each([
    ['blog/link/data', '/blog/link'],
    ['blog/bangumi/data', '/blog/bangumi'],
    ['blog/article/1', '/blog/article/1'],
  ])('%s has the shape of GET %s', async (file, url) => {
    expect(read(dir, file)).toEqual(await api(url));
  });

  it('ships every quote and the public music proxy', () => {
    expect((read(dir, 'blog/hitokoto/data') as unknown[]).length).toBeGreaterThan(300);
    expect(read(dir, 'music/settings')).toEqual({ proxyBase: 'https://music.example' });
  });

  it('seals the waifu data: unreadable without the dark key, readable with it', async () => {
    const raw = fs.readFileSync(path.join(dir, 'blog/waifu/data'), 'utf8');
    expect(raw).not.toContain('/files/');
    const { seal } = JSON.parse(raw) as { seal: DarkSeal };
    expect(await openDark(seal, 'wrong')).toBeNull();
    const opened = JSON.parse((await openDark(seal, 'dark-k')) ?? 'null');
    expect(opened).toEqual(await api('/blog/waifu', { 'x-dark-key': 'dark-k' }));
  });

  it('writes an index.html with the site title and a manifest', () => {
    const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
    expect(html).toContain(`<title>${t.config.siteTitle}</title>`);
    const manifest = read(dir, 'manifest.json');
    expect(manifest.counts.essays).toBe((read(dir, 'blog/essay/index') as number[]).length);
    expect(Object.keys(manifest.hashes)).toContain('blog/link/data');
  });

  it('makes no commit when nothing changed, and one when something did', async () => {
    const commits = () =>
      Number(execFileSync('git', ['rev-list', '--count', 'HEAD'], { cwd: dir }).toString());
    const before = commits();
    const again = await runSnapshot(t.modules, t.config, { now: t.clock.now + 1000 });
    expect(again.export.changed).toEqual([]);
    expect(again.publish?.committed).toBe(false);
    expect(commits()).toBe(before);

    await t.database.db
      .insertInto('link')
      .values({
        name: '新朋友',
        url: 'https://new.example',
        avatar: '',
        description: '',
        state: 1,
        sort_order: 99,
        created_at: 0,
      })
      .execute();
    const changed = await runSnapshot(t.modules, t.config, { now: t.clock.now + 2000 });
    expect(changed.export.changed).toEqual(['blog/link/data']);
    expect(changed.publish?.committed).toBe(true);
    expect(commits()).toBe(before + 1);
  });

  it('writes the tree elsewhere without publishing when given an output directory', async () => {
    const out = path.join(t.config.dataDir, 'out');
    const run = await runSnapshot(t.modules, t.config, { now: t.clock.now, outDir: out });
    expect(run.publish).toBeNull();
    expect(fs.existsSync(path.join(out, 'blog/essay/index'))).toBe(true);
    expect(fs.existsSync(path.join(out, '.git'))).toBe(false);
  });
});
