import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner, testOwnerGuard } from '../../../test/contentFactories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { applyImport, importedState, uploadExport, wptest } from './importTestKit.ts';

describe('importing the WordPress theme unit test data', () => {
  let t: TestApp;
  let first: Awaited<ReturnType<typeof applyImport>>;

  beforeAll(async () => {
    t = await createTestApp({ ownerGuard: testOwnerGuard });
    const uploaded = await uploadExport(t, wptest);
    expect(uploaded.code).toBe(0);
    first = await applyImport(t, uploaded.data.id);
  });
  afterAll(async () => {
    await t.close();
  });

  it('previews counts, the first items and what cannot be carried before writing anything', async () => {
    const other = await createTestApp({ ownerGuard: testOwnerGuard });
    try {
      const res = await uploadExport(other, wptest);
      expect(res.data.status).toBe('previewed');
      // 37 posts and 15 pages (one of them the about page); 30 comments less 4 pingbacks.
      expect(res.data.preview.counts).toMatchObject({
        essays: 51,
        about: 1,
        hidden: 1,
        scheduled: 1,
        comments: 26,
      });
      expect(res.data.preview.first).toHaveLength(10);
      expect(res.data.preview.warnings.map((w: { kind: string }) => w.kind)).toEqual(
        expect.arrayContaining(['pingback', 'password', 'skipped-type']),
      );
      expect(await other.database.db.selectFrom('essay').select('id').execute()).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('makes every post and page an essay, keeping dates, hidden state and the reservation', async () => {
    expect(first.status).toBe('done');
    expect(first.report).toMatchObject({ created: 52, updated: 0, skipped: 0, comments: 26 });
    const essays = await t.database.db.selectFrom('essay').selectAll().execute();
    expect(essays).toHaveLength(52);
    const byTitle = (title: string) =>
      essays.find((e) => e.content.startsWith(`# ${title}\n`) || e.content === `# ${title}`);
    const idOf149 = (
      await t.database.db
        .selectFrom('import_item')
        .select('target_id')
        .where('source_id', '=', '149')
        .executeTakeFirst()
    )?.target_id;
    const comments = essays.find((e) => e.id === idOf149);
    expect(Number(comments?.created_at)).toBe(Date.UTC(2013, 0, 3, 16, 11, 37));
    expect(comments?.hide).toBe(0);
    expect(comments?.content).toContain('This post tests comments in the following ways.');
    expect(comments?.content).not.toContain('wp:paragraph');
    expect(byTitle('Password Protected (the password is "enter")')?.hide).toBe(1);
    // The about page is not replaced without "overwrite": it waits as a hidden essay.
    expect(byTitle('About')?.hide).toBe(1);
    const scheduled = byTitle('Scheduled');
    expect(Number(scheduled?.reservation)).toBe(Date.UTC(2050, 0, 1, 18, 0, 18));
    const visitor = await t.server.inject({ method: 'GET', url: `/api/blog/essay/${scheduled?.id}` });
    expect(visitor.json().code).toBe(4040);
  });

  it('keeps comment threads, authors and their dates', async () => {
    const rows = await t.database.db
      .selectFrom('comment')
      .selectAll()
      .where('source', '=', 'import')
      .execute();
    expect(rows).toHaveLength(26);
    const replies = rows.filter((r) => r.reply_to_id !== null);
    expect(replies.length).toBe(9);
    for (const reply of replies) {
      const head = rows.find((r) => r.id === reply.parent_id);
      // Our threads are two levels: every reply hangs under the thread's head, which has no parent.
      expect(head?.parent_id).toBeNull();
      expect(rows.find((r) => r.id === reply.reply_to_id)).toBeDefined();
    }
    const ames = rows.find((r) => r.content.startsWith("Ello! Pretend you're reading"));
    expect(ames).toMatchObject({ guest_name: 'Chris Ames', guest_email: 'yo@chrisam.es', status: 'visible' });
  });

  it('answers the old addresses with a 301 to the new essay, and lists them', async () => {
    const essayId = (
      await t.database.db
        .selectFrom('import_item')
        .select('target_id')
        .where('source_id', '=', '149')
        .executeTakeFirst()
    )?.target_id;
    for (const old of ['/demo/comments/', '/demo/comments', '/demo/?p=149', '/DEMO/Comments/']) {
      const res = await t.server.inject({ method: 'GET', url: old });
      expect(res.statusCode, old).toBe(301);
      expect(res.headers.location).toBe(`/chaos/${essayId}`);
    }
    expect((await t.server.inject({ method: 'GET', url: '/demo/not-a-post/' })).statusCode).not.toBe(301);
    const list = await t.server.inject({
      method: 'GET',
      url: '/api/import/redirect?keyword=comments',
      headers: asOwner,
    });
    expect(list.json().data.list.map((r: { oldPath: string }) => r.oldPath)).toContain('/demo/comments');
    const stored = await t.database.db.selectFrom('import_redirect').select('id').execute();
    // Each item's permalink and its plain `?p=` / `?page_id=` link (the same for the scheduled post).
    expect(first.report.redirects).toBe(stored.length);
    expect(stored.length).toBeGreaterThanOrEqual(100);
  });

  it('lists the pictures it did not fetch: the content keeps their old address', async () => {
    expect(first.report.pictures).toBe(0);
    expect(first.report.failedPictures.length).toBeGreaterThan(0);
    expect(first.report.failedPictures[0].reason).toContain('没有勾选');
  });

  it('creates nothing twice when the same file is imported again', async () => {
    const before = await importedState(t);
    const again = await uploadExport(t, wptest);
    const second = await applyImport(t, again.data.id);
    expect(second.report).toMatchObject({ created: 0, updated: 0, comments: 0, redirects: 0 });
    expect(second.report.skipped).toBe(52 + 26);
    expect(await importedState(t)).toEqual(before);
  });

  it('is for the owner only', async () => {
    const res = await t.server.inject({ method: 'GET', url: '/api/import/job' });
    expect(res.json().code).toBe(4010);
  });
});
