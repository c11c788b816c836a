import fs from 'node:fs';
import path from 'node:path';
import { type DarkSeal, openDark, openPicture, type SealedPicture } from '@candy/contract/darkSeal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { runSnapshot } from './index.ts';

/** Every file of the exported tree, as text. */
const allFiles = (root: string, dir = ''): [string, string][] =>
  fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === '.git') return [];
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    return entry.isDirectory()
      ? allFiles(root, rel)
      : [[rel, fs.readFileSync(path.join(root, rel), 'utf8')] as [string, string]];
  });

const secret = '只有知道解码密钥的人才能读到这条动态';

describe('dark content in the offline snapshot, sealed (issue 46.2)', () => {
  let t: TestApp;
  let dir: string;
  const api = async (url: string) =>
    (await t.server.inject({ method: 'GET', url: `/api${url}`, headers: { 'x-dark-key': 'dark-k' } })).json()
      .data;
  const open = async (rel: string, key = 'dark-k') => {
    const { seal } = JSON.parse(fs.readFileSync(path.join(dir, rel), 'utf8')) as { seal: DarkSeal };
    return openDark(seal, key);
  };

  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: { DARK_KEY: 'dark-k' } });
    dir = t.config.snapshotDir;
    const at = t.clock.now;
    await t.database.db
      .insertInto('moment')
      .values({ content: secret, images: '[]', created_at: at, updated_at: at })
      .execute();
    await runSnapshot(t.modules, t.config, { now: t.clock.now });
  });
  afterAll(() => t.close());

  it('holds no plaintext of a dark moment in any file, nor a picture’s address in the dark ones', () => {
    const files = allFiles(dir);
    expect(files.length).toBeGreaterThan(20);
    for (const [rel, text] of files) {
      expect(text, rel).not.toContain(secret);
      if (/^(dark\/|blog\/(moments|waifu)\/)/.test(rel)) expect(text, rel).not.toContain('/files/');
    }
    expect(files.filter(([rel]) => rel.startsWith('dark/p/')).length).toBeGreaterThan(0);
  });

  it('seals every moment, newest first, as the online feed answers them', async () => {
    const moments = JSON.parse((await open('blog/moments/data')) ?? 'null') as {
      id: number;
      content: string;
    }[];
    expect(moments[0]?.content).toBe(secret);
    expect(moments.slice(0, 10)).toEqual((await api('/blog/moments')).list);
    const count = await t.database.db
      .selectFrom('moment')
      .select((e) => e.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(moments.length).toBe(Number(count?.n));
  });

  it('opens nothing with a wrong key', async () => {
    for (const rel of ['blog/moments/data', 'blog/waifu/data', 'dark/pictures'])
      expect(await open(rel, 'wrong')).toBeNull();
  });

  it('shares one salt among an export’s seals, with enough PBKDF2 iterations', () => {
    const seals = ['blog/moments/data', 'blog/waifu/data', 'dark/pictures'].map(
      (rel) => (JSON.parse(fs.readFileSync(path.join(dir, rel), 'utf8')) as { seal: DarkSeal }).seal,
    );
    expect(new Set(seals.map((s) => s.salt)).size).toBe(1);
    expect(seals[0]?.iter).toBeGreaterThanOrEqual(300_000);
  });

  it('seals each shown picture’s small copy under a key only the sealed list holds', async () => {
    const pictures = JSON.parse((await open('dark/pictures')) ?? '{}') as Record<string, SealedPicture>;
    const waifu = (await api('/blog/waifu')) as { url: string }[];
    const shown = waifu[0]?.url as string;
    const entry = pictures[shown] as SealedPicture;
    expect(entry.type).toMatch(/^image\//);
    const text = JSON.parse(fs.readFileSync(path.join(dir, `dark/p/${entry.file}`), 'utf8')) as string;
    const bytes = await openPicture(text, entry.key);
    const stored = await t.server.inject({ method: 'GET', url: shown });
    expect(Buffer.from(bytes ?? [])).toEqual(stored.rawPayload);
    expect(await openPicture(text, Buffer.alloc(32).toString('base64'))).toBeNull();
  });

  it('writes nothing again when the dark data is unchanged, and re-seals under a new salt when it changes', async () => {
    const saltOf = () =>
      (JSON.parse(fs.readFileSync(path.join(dir, 'blog/waifu/data'), 'utf8')) as { seal: DarkSeal }).seal
        .salt;
    const before = saltOf();
    expect((await runSnapshot(t.modules, t.config, { now: t.clock.now + 1000 })).export.changed).toEqual([]);
    const at = t.clock.now + 2000;
    await t.database.db
      .insertInto('moment')
      .values({ content: '又一条', images: '[]', created_at: at, updated_at: at })
      .execute();
    const changed = (await runSnapshot(t.modules, t.config, { now: at })).export.changed;
    expect(changed).toEqual(['blog/moments/data', 'blog/waifu/data', 'dark/pictures']);
    expect(saltOf()).not.toBe(before);
  });
});
