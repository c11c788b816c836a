import fs from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testOwnerGuard } from '../../../test/contentFactories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { folderAsArchive, importFixtures } from '../../../test/importFixtures.ts';
import { applyImport, uploadExport } from './importTestKit.ts';
import { normaliseOldPath } from './oldPaths.ts';
import { parsers } from './platforms/index.ts';
import type { ImportBundle, ImportInput } from './types.ts';

/**
 * The other platforms' real exports through the whole pipeline (upload → preview → apply): what the
 * parser read is what lands in the database, and the old addresses answer 301.
 */
const fixture = (name: string) => fs.readFileSync(path.join(importFixtures, name));

describe('importing Ghost, Hexo and Memos exports through the pipeline', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ownerGuard: testOwnerGuard });
  });
  afterAll(() => t.close());

  const imported = async (platform: string, file: Buffer, filename: string, input: ImportInput) => {
    const bundle = await parsers[platform as keyof typeof parsers](input);
    const uploaded = await uploadExport(t, file, { platform }, filename);
    expect(uploaded.code).toBe(0);
    const done = await applyImport(t, uploaded.data.id);
    expect(done.status).toBe('done');
    return { bundle, done };
  };

  /** Each titled essay of `platform` opens with its old title as a heading (issue 41.15). */
  const expectTitlesKept = async (platform: string, posts: ImportBundle['posts']) => {
    const rows = await t.database.db
      .selectFrom('import_item')
      .innerJoin('essay', 'essay.id', 'import_item.target_id')
      .select(['import_item.source_id', 'essay.content'])
      .where('import_item.platform', '=', platform)
      .where('import_item.kind', '=', 'post')
      .execute();
    const content = new Map(rows.map((row) => [row.source_id, row.content]));
    const titled = posts.filter((post) => post.kind === 'essay' && post.title.trim() !== '');
    expect(titled.length).toBeGreaterThan(0);
    for (const post of titled)
      expect(content.get(post.sourceId)?.split('\n')[0], post.sourceId).toBe(
        `# ${post.title.replace(/\s+/g, ' ').trim()}`,
      );
  };

  it('makes each Ghost post an essay and answers its old address with a 301', async () => {
    const file = fixture('ghost/v4_export.trimmed.json');
    const { bundle, done } = await imported('ghost', file, 'ghost.json', {
      kind: 'file',
      name: 'ghost.json',
      bytes: new Uint8Array(file),
    });
    expect(bundle.posts.length).toBeGreaterThan(0);
    expect(done.report.created).toBe(bundle.posts.length);
    const post = bundle.posts.find((p) => !p.hidden && p.oldPaths.length > 0);
    const oldPath = normaliseOldPath(post?.oldPaths[0] ?? '');
    const res = await t.server.inject({ method: 'GET', url: oldPath ?? '/' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toMatch(/^\/chaos\/\d+$/);
    await expectTitlesKept('ghost', bundle.posts);
  });

  it('reads a zipped Hexo site folder, drafts hidden', async () => {
    const input = folderAsArchive(path.join(importFixtures, 'hexo/site'));
    const zip = Buffer.from(zipSync(Object.fromEntries(input.files)));
    const before = await t.database.db.selectFrom('essay').select('id').execute();
    const { bundle, done } = await imported('hexo', zip, 'my-site.zip', input);
    expect(done.report.created).toBe(bundle.posts.length);
    const after = await t.database.db.selectFrom('essay').select(['id', 'hide']).execute();
    expect(after.length - before.length).toBe(bundle.posts.length);
    const hidden = after.filter((e) => !before.some((b) => b.id === e.id) && e.hide === 1);
    expect(hidden.length).toBe(bundle.posts.filter((p) => p.hidden || p.kind === 'about').length);
    await expectTitlesKept('hexo', bundle.posts);
  });

  it("makes the owner's public memos moments and leaves private ones behind", async () => {
    const file = fixture('memos/latest/memos_prod.db');
    const { bundle, done } = await imported('memos', file, 'memos_prod.db', {
      kind: 'file',
      name: 'memos_prod.db',
      bytes: new Uint8Array(file),
    });
    const shown = bundle.posts.filter((p) => p.kind === 'moment' && !p.hidden);
    expect(shown.length).toBeGreaterThan(0);
    expect(done.report.created).toBe(shown.length);
    const moments = await t.database.db.selectFrom('moment').select(['content', 'created_at']).execute();
    for (const memo of shown) {
      expect(moments.some((m) => Number(m.created_at) === memo.publishedAt)).toBe(true);
    }
  });
});
