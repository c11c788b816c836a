import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { testOwnerGuard } from '../../../test/contentFactories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { importFixtures } from '../../../test/importFixtures.ts';
import { applyImport, uploadExport } from './importTestKit.ts';
import { normaliseOldPath } from './oldPaths.ts';
import { parsers } from './platforms/index.ts';
import type { ImportPlatform } from './types.ts';

/**
 * Comment exports through the whole pipeline (issue 27): the posts first, then the platform's real
 * comment export; each comment must land under the essay imported from the page it was left on, with
 * its thread and author, and one whose page was not imported must be listed in the report.
 *
 * The comment exports are the platforms' own (SOURCES.md). The posts they were left on are not in any
 * export we hold, so each test writes a small WordPress export with one post at each of those pages.
 */
const postsAt = (base: URL, urls: string[]) =>
  Buffer.from(`<rss xmlns:wp="http://wordpress.org/export/1.2/"><channel><wp:wxr_version>1.2</wp:wxr_version>
<wp:base_blog_url>${base.origin}</wp:base_blog_url>${urls
    .map(
      (url, i) => `<item><title>page ${i + 1}</title><link>${new URL(url, base).href}</link>
<wp:post_id>${i + 1}</wp:post_id><wp:post_date_gmt>2020-01-0${(i % 9) + 1} 10:00:00</wp:post_date_gmt>
<wp:status>publish</wp:status><wp:post_type>post</wp:post_type></item>`,
    )
    .join('')}</channel></rss>`);

const cases: {
  platform: ImportPlatform;
  file: string;
  /** A page whose post is left out of the posts export: its comments must be reported. */
  leaveOut?: string;
}[] = [
  { platform: 'waline', file: 'waline/waline-export.handwritten.json', leaveOut: '/about/' },
  { platform: 'twikoo', file: 'twikoo/Twikoo.sample' },
  { platform: 'artalk', file: 'artalk/Disqus.artrans' },
  { platform: 'artalk', file: 'artalk/Twikoo.artrans' },
  { platform: 'disqus', file: 'disqus/Disqus.sample' },
  {
    platform: 'disqus',
    file: 'disqus/disqus-deleted-post.xml',
    leaveOut: 'http://radio-t.umputun.com/2011/03/229_8880.html',
  },
];

describe('comment exports onto imported posts, matched by the old address', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
  });

  it.each(cases)('$platform $file', async ({ platform, file, leaveOut }) => {
    t = await createTestApp({ ownerGuard: testOwnerGuard });
    const bytes = fs.readFileSync(path.join(importFixtures, file));
    const bundle = await parsers[platform]({
      kind: 'file',
      name: path.basename(file),
      bytes: new Uint8Array(bytes),
    });
    const pages = [...new Set(bundle.comments.map((c) => c.postUrl ?? ''))].filter(
      (url) => url !== '' && url !== leaveOut,
    );
    const base = new URL(pages.find((url) => /^https?:/.test(url)) ?? 'https://old.example/');
    const posts = await uploadExport(t, postsAt(base, pages), {}, 'posts.xml');
    expect((await applyImport(t, posts.data.id)).report.created).toBe(pages.length);

    const uploaded = await uploadExport(t, bytes, { platform }, path.basename(file));
    expect(uploaded.code).toBe(0);
    const done = await applyImport(t, uploaded.data.id);
    expect(done.status).toBe('done');

    const db = t.database.db;
    const essayOfPage = new Map(
      (
        await db
          .selectFrom('import_item')
          .select(['source_id', 'target_id'])
          .where('platform', '=', 'wordpress')
          .execute()
      ).map((row) => [normaliseOldPath(pages[Number(row.source_id) - 1] ?? ''), row.target_id]),
    );
    const rowOf = new Map(
      (
        await db
          .selectFrom('import_item')
          .select(['source_id', 'target_id'])
          .where('platform', '=', platform)
          .where('kind', '=', 'comment')
          .execute()
      ).map((row) => [row.source_id, row.target_id]),
    );
    const rows = new Map((await db.selectFrom('comment').selectAll().execute()).map((row) => [row.id, row]));
    const matched = bundle.comments.filter((c) => essayOfPage.has(normaliseOldPath(c.postUrl ?? '')));
    expect(done.report.comments).toBe(matched.length);
    expect(rows.size).toBe(matched.length);
    for (const comment of matched) {
      const row = rows.get(rowOf.get(comment.sourceId) ?? -1);
      expect(row, comment.sourceId).toBeDefined();
      expect(row?.target_id).toBe(essayOfPage.get(normaliseOldPath(comment.postUrl ?? '')));
      expect(row?.guest_name).toBe(comment.author.slice(0, 64));
      expect(row?.status).toBe(comment.status);
      expect(Number(row?.created_at)).toBe(comment.createdAt);
      // A reply answers its parent's row, in the parent's thread.
      const parent = comment.parentSourceId ? rowOf.get(comment.parentSourceId) : undefined;
      expect(row?.reply_to_id ?? null).toBe(parent ?? null);
      if (parent !== undefined) expect(row?.parent_id).toBe(rows.get(parent)?.parent_id ?? parent);
    }

    // What found no post is listed by id and address, never dropped silently.
    const unmatched = bundle.comments.filter((c) => !matched.includes(c));
    expect(done.report.unmatched).toBe(unmatched.length);
    expect(done.report.unmatchedComments.map((c: { sourceId: string }) => c.sourceId)).toEqual(
      unmatched.map((c) => c.sourceId),
    );
    if (leaveOut) expect(unmatched.length).toBeGreaterThan(0);
  });
});
