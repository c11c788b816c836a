import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testOwnerGuard } from '../../../test/contentFactories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { applyImport, importedState, uploadExport, wptest } from './importTestKit.ts';

const item = (
  id: string,
  title: string,
) => `<item><title>${title}</title><link>https://old.example/${title}/</link>
<wp:post_id>${id}</wp:post_id><wp:post_date_gmt>2019-05-04 10:00:00</wp:post_date_gmt><wp:status>publish</wp:status>
<wp:post_type>post</wp:post_type></item>`;

/** Two items sharing one post id: the second cannot be mapped, so its batch fails as a whole. */
const clashing =
  Buffer.from(`<rss xmlns:wp="http://wordpress.org/export/1.2/"><channel><wp:wxr_version>1.2</wp:wxr_version>
<wp:base_blog_url>https://old.example</wp:base_blog_url>${item('1', 'first')}${item('1', 'again')}</channel></rss>`);

import { createImportRepo } from './repo.ts';
import { POST_BATCH } from './runner.ts';

describe('an import stopped after its first batch', () => {
  let once: TestApp;
  let resumed: TestApp;
  beforeAll(async () => {
    [once, resumed] = await Promise.all([
      createTestApp({ ownerGuard: testOwnerGuard }),
      createTestApp({ ownerGuard: testOwnerGuard }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([once.close(), resumed.close()]);
  });

  it('ends, when run again, with the same result as one run', async () => {
    const whole = await uploadExport(once, wptest);
    await applyImport(once, whole.data.id);

    const partial = await uploadExport(resumed, wptest);
    const repo = createImportRepo(resumed.database.db);
    // Queued without the apply call's kick, so only this test runs the batches.
    await repo.updateJob(partial.data.id, { status: 'queued' });
    await resumed.modules.importers.runner.run({ maxBatches: 1 });
    const stopped = await repo.findJob(partial.data.id);
    expect(stopped).toMatchObject({ status: 'running', cursor: POST_BATCH });
    expect(await resumed.database.db.selectFrom('essay').select('id').execute()).toHaveLength(POST_BATCH);

    // The process "restarts": a new runner (nothing kept in memory) picks the import up where it stopped.
    const done = await applyImport(resumed, partial.data.id);
    expect(done.status).toBe('done');
    expect(done.report.created).toBe(52);
    expect(await importedState(resumed)).toEqual(await importedState(once));
  });

  it('writes nothing of a batch that fails, and says why', async () => {
    const uploaded = await uploadExport(resumed, clashing);
    const before = await importedState(resumed);
    const job = await applyImport(resumed, uploaded.data.id);
    expect(job.status).toBe('failed');
    expect(job.error).toBeTruthy();
    expect(job.progress.done).toBe(0);
    expect(await importedState(resumed)).toEqual(before);
  });
});
