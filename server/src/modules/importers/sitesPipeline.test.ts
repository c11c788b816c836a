import path from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testOwnerGuard } from '../../../test/contentFactories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { folderAsArchive, importFixtures } from '../../../test/importFixtures.ts';
import { applyImport, uploadExport, wptest } from './importTestKit.ts';
import { normaliseOldPath } from './oldPaths.ts';
import { parsers } from './platforms/index.ts';
import type { ImportBundle, ImportPlatform } from './types.ts';

/**
 * Hugo's and Jekyll's own sites (zipped, as an owner uploads them) and WordPress's comment threads
 * through the whole pipeline: what the parser read is what lands, with dates, drafts, pictures from the
 * archive, and old addresses answering 301.
 */
describe('Hugo and Jekyll sites and WordPress threads through the pipeline', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ownerGuard: testOwnerGuard });
  });
  afterAll(() => t.close());

  /** Each of the bundle's posts as an essay: `platform`'s source id → essay row. */
  const landed = async (platform: ImportPlatform) => {
    const db = t.database.db;
    const items = await db
      .selectFrom('import_item')
      .innerJoin('essay', 'essay.id', 'import_item.target_id')
      .select(['import_item.source_id', 'essay.id', 'essay.hide', 'essay.created_at', 'essay.content'])
      .where('import_item.platform', '=', platform)
      .where('import_item.kind', '=', 'post')
      .execute();
    return new Map(items.map((row) => [row.source_id, row]));
  };

  const importSite = async (platform: ImportPlatform, folder: string) => {
    const input = folderAsArchive(path.join(importFixtures, folder));
    const bundle = (await parsers[platform](input)) as ImportBundle;
    const zip = Buffer.from(zipSync(Object.fromEntries(input.files)));
    const uploaded = await uploadExport(t, zip, { platform }, 'my-site.zip');
    expect(uploaded.code).toBe(0);
    const done = await applyImport(t, uploaded.data.id);
    expect(done.status).toBe('done');
    return { bundle, done, essays: await landed(platform) };
  };

  /** Every post an essay, dated and hidden as on the old site, each old address a 301 to it. */
  const expectPostsLanded = async ({ bundle, done, essays }: Awaited<ReturnType<typeof importSite>>) => {
    expect(bundle.posts.length).toBeGreaterThan(1);
    expect(done.report.created).toBe(bundle.posts.length);
    expect(essays.size).toBe(bundle.posts.length);
    for (const post of bundle.posts) {
      const essay = essays.get(post.sourceId);
      expect(essay, post.sourceId).toBeDefined();
      expect(Number(essay?.created_at)).toBe(post.publishedAt);
      expect(essay?.hide).toBe(post.hidden || post.kind === 'about' ? 1 : 0);
      // The old title is the essay's first heading (issue 41.15).
      if (post.kind === 'essay')
        expect(essay?.content.split('\n')[0], post.sourceId).toBe(
          `# ${post.title.replace(/\s+/g, ' ').trim()}`,
        );
      for (const oldPath of post.oldPaths) {
        const res = await t.server.inject({ method: 'GET', url: normaliseOldPath(oldPath) ?? '/' });
        expect(res.statusCode, oldPath).toBe(301);
        expect(res.headers.location).toBe(`/chaos/${essay?.id}`);
      }
    }
  };

  it('imports the Hugo example site: posts and the about page, dates, old addresses', async () => {
    const site = await importSite('hugo', 'hugo/site');
    await expectPostsLanded(site);
    expect(site.bundle.posts.some((p) => p.kind === 'about')).toBe(true);
  });

  it('imports the Jekyll site with its pictures taken from the archive, an SVG listed as not carried', async () => {
    const site = await importSite('jekyll', 'jekyll/site');
    await expectPostsLanded(site);
    const inArchive = site.bundle.posts.flatMap((p) =>
      p.pictures.filter((pic) => pic.bytes).map((pic) => ({ post: p.sourceId, ref: pic.ref })),
    );
    // SVG can carry scripts: the media store takes raster pictures only, so it stays at its old address.
    const raster = inArchive.filter((pic) => !pic.ref.endsWith('.svg'));
    const vector = inArchive.filter((pic) => pic.ref.endsWith('.svg'));
    expect(raster.length).toBeGreaterThan(0);
    expect(vector.length).toBeGreaterThan(0);
    expect(site.done.report.pictures).toBe(raster.length);
    expect(site.done.report.failedPictures.map((f: { sourceId: string }) => f.sourceId)).toEqual(
      vector.map((pic) => pic.post),
    );
    for (const picture of raster) {
      const content = site.essays.get(picture.post)?.content ?? '';
      // The text points at our copy, not at the archive's relative path.
      expect(content).not.toContain(`](${picture.ref}`);
      expect(content).toMatch(/\]\(\/files\//);
    }
    for (const picture of vector) expect(site.essays.get(picture.post)?.content).toContain(picture.ref);
  });

  it('keeps WordPress comment threads: each reply under its parent, in the parent’s thread, authors kept', async () => {
    const bundle = (await parsers.wordpress({
      kind: 'file',
      name: 'wptest.xml',
      bytes: new Uint8Array(wptest),
    })) as ImportBundle;
    const uploaded = await uploadExport(t, wptest);
    const done = await applyImport(t, uploaded.data.id);
    expect(done.report.comments).toBe(bundle.comments.length);
    expect(done.report.unmatched).toBe(0);
    const essays = await landed('wordpress');
    const db = t.database.db;
    const rowOf = new Map(
      (
        await db
          .selectFrom('import_item')
          .innerJoin('comment', 'comment.id', 'import_item.target_id')
          .selectAll('comment')
          .select('import_item.source_id')
          .where('import_item.platform', '=', 'wordpress')
          .where('import_item.kind', '=', 'comment')
          .execute()
      ).map((row) => [row.source_id, row]),
    );
    const replies = bundle.comments.filter((c) => c.parentSourceId);
    expect(replies.length).toBeGreaterThan(3);
    for (const comment of bundle.comments) {
      const row = rowOf.get(comment.sourceId);
      expect(row?.target_id).toBe(essays.get(comment.postSourceId ?? '')?.id);
      expect(row?.guest_name).toBe(comment.author.slice(0, 64));
      expect(Number(row?.created_at)).toBe(comment.createdAt);
      const parent = comment.parentSourceId ? rowOf.get(comment.parentSourceId) : undefined;
      expect(row?.reply_to_id ?? null).toBe(parent?.id ?? null);
      if (parent) expect(row?.parent_id).toBe(parent.parent_id ?? parent.id);
    }
    // Threads deeper than our two levels keep their head: a reply to a reply sits in the first one's thread.
    const deep = replies.find(
      (c) => bundle.comments.find((p) => p.sourceId === c.parentSourceId)?.parentSourceId,
    );
    expect(deep).toBeDefined();
  });
});
