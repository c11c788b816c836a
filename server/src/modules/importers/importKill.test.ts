import { execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testOwnerGuard } from '../../../test/contentFactories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { applyImport, importedState, uploadExport, wptest } from './importTestKit.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
const cli = path.join(root, 'server/dist/cli.js');
const fixture = path.join(root, 'server/test/fixtures/import/wordpress/wptest.xml');

interface CliRun {
  lines: string[];
  code: number | null;
  signal: NodeJS.Signals | null;
}

/**
 * `cli.js import-from wordpress wptest.xml` on the test's database, one post per transaction;
 * `killAt` decides from each printed line whether to SIGKILL the process there.
 */
const importFrom = (t: TestApp, killAt: (line: string) => boolean = () => false) =>
  new Promise<CliRun>((resolve, reject) => {
    const child = spawn(process.execPath, [cli, 'import-from', 'wordpress', fixture], {
      env: {
        ...process.env,
        // The lines in English (the operator's locale), as asserted below.
        LC_ALL: 'en_US.UTF-8',
        DATA_DIR: t.config.dataDir,
        LOG_LEVEL: 'silent',
        LOG_FILES: 'false',
        IMPORT_BATCH_SIZE: '1',
        ...(t.config.database.kind === 'postgres' ? { DATABASE_URL: t.config.database.url } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const lines: string[] = [];
    let rest = '';
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => {
      const parts = (rest + chunk.toString()).split('\n');
      rest = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line);
        if (killAt(line)) child.kill('SIGKILL');
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code !== 0 && signal === null) reject(new Error(`import-from exited ${code}: ${errors}`));
      else resolve({ lines, code, signal });
    });
  });

/** What the import left: its content (importedState), and every source item mapped once, to what. */
const endState = async (t: TestApp) => {
  const db = t.database.db;
  const items = await db
    .selectFrom('import_item')
    .leftJoin('essay', (join) =>
      join.onRef('essay.id', '=', 'import_item.target_id').on('import_item.target_type', '=', 'essay'),
    )
    .leftJoin('comment', (join) =>
      join.onRef('comment.id', '=', 'import_item.target_id').on('import_item.target_type', '=', 'comment'),
    )
    .select(['import_item.kind', 'import_item.source_id', 'import_item.target_type'])
    // Ids may differ (PostgreSQL spends sequence numbers in a transaction that dies): what each maps to
    // is compared by its content.
    .select(sql<string | null>`coalesce(essay.content, comment.content)`.as('target'))
    .orderBy('import_item.kind')
    .orderBy('import_item.source_id')
    .execute();
  const count = async (table: 'essay' | 'comment' | 'import_redirect') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst()
      )?.n,
    );
  return {
    ...(await importedState(t)),
    items,
    counts: {
      essays: await count('essay'),
      comments: await count('comment'),
      redirects: await count('import_redirect'),
    },
  };
};

/**
 * "A kill in the middle and a rerun end with the same result as one run" (issue 27), as an operator
 * meets it: the real command in its own process, killed with SIGKILL between its batches' commits.
 */
describe('npm run import-from killed in the middle and run again', () => {
  let once: TestApp;
  let killed: TestApp;
  beforeAll(async () => {
    execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs'), '--server'], { stdio: 'ignore' });
    [once, killed] = await Promise.all([
      createTestApp({ ownerGuard: testOwnerGuard }),
      // The CLI opens DATA_DIR/candy.sqlite, as the server would.
      createTestApp({ sqliteName: 'candy.sqlite' }),
    ]);
    const uploaded = await uploadExport(once, wptest);
    expect((await applyImport(once, uploaded.data.id)).status).toBe('done');
  }, 300_000);
  afterAll(async () => {
    await Promise.all([once?.close(), killed?.close()]);
  });

  it('ends with the same essays, comments, mappings and redirects as one uninterrupted run', {
    timeout: 300_000,
  }, async () => {
    // Killed as soon as it says its third batch is committed; it goes on working until the signal lands.
    const first = await importFrom(killed, (line) => line.startsWith('3/'));
    expect(first.signal).toBe('SIGKILL');
    const [job] = await killed.database.db.selectFrom('import_job').selectAll().execute();
    expect(job?.status).toBe('running');
    expect(job?.cursor).toBeGreaterThanOrEqual(3);
    expect(job?.cursor).toBeLessThan(job?.total ?? 0);
    const halfway = await endState(killed);
    expect(halfway.counts.essays).toBeGreaterThanOrEqual(3);
    expect(halfway.counts.essays + halfway.counts.comments).toBeLessThan(job?.total ?? 0);
    // Every committed batch moved the cursor with it: nothing written beyond it, nothing missing.
    expect(halfway.items.filter((item) => item.kind !== 'picture')).toHaveLength(job?.cursor ?? -1);

    // The dead process's lease on the job would run out within a minute; the test does not wait it out.
    await killed.database.db
      .updateTable('job')
      .set({ lease_until: 0 })
      .where('id', '=', 'import-batches')
      .execute();
    const second = await importFrom(killed);
    expect(second.code).toBe(0);
    // The interrupted import is finished first, then the rerun's own finds everything there.
    expect(second.lines.some((line) => line.startsWith(`import #${job?.id}, interrupted before:`))).toBe(
      true,
    );
    expect(second.lines.find((line) => line.startsWith('created'))).toBe(
      `created 0, updated 0, left alone ${job?.total}, comments 0, pictures 0, redirects 0`,
    );
    const jobs = await killed.database.db
      .selectFrom('import_job')
      .select(['status', 'cursor', 'total'])
      .execute();
    expect(jobs.map((j) => j.status)).toEqual(['done', 'done']);

    expect(await endState(killed)).toEqual(await endState(once));
  });
});
