import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { importFromFile, parseImportArgs } from './commandLine.ts';

const fixture = path.join(import.meta.dirname, '../../../test/fixtures/import/wordpress/wptest.xml');

describe('npm run import-from', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });
  const run = async (args: string[]) => {
    const lines: string[] = [];
    const parsed = parseImportArgs(args);
    if (!parsed) throw new Error('usage');
    const job = await importFromFile(parsed, {
      imports: t.modules.importers.imports,
      scheduler: t.modules.scheduler,
      print: (line) => lines.push(line),
      language: 'en',
      onProgress: t.modules.importers.onProgress,
    });
    return { job, lines };
  };

  it.each([[[]], [['wordpress']], [['wordpress', 'a.xml', 'b.xml']], [['wordpress', 'a.xml', '--force']]])(
    'refuses the arguments %j',
    (args) => {
      expect(parseImportArgs(args)).toBeNull();
    },
  );

  it('previews with --dry-run and writes nothing', async () => {
    const { job, lines } = await run(['wordpress', fixture, '--dry-run']);
    expect(job).toBeNull();
    expect(lines[0]).toBe('essays 51, about page 1, moments 0 (hidden 1, scheduled 1)');
    expect(lines).toContain('dry run: nothing written');
    expect(await t.database.db.selectFrom('import_job').select('id').execute()).toEqual([]);
    expect(await t.database.db.selectFrom('essay').select('id').execute()).toEqual([]);
  });

  it('imports through the job and says what it did', async () => {
    const { job, lines } = await run(['wordpress', fixture]);
    expect(job?.status).toBe('done');
    expect(lines.find((line) => line.startsWith('created'))).toMatch(
      /^created 52, updated 0, left alone 0, comments 26, pictures 0, redirects \d+$/,
    );
    expect(await t.database.db.selectFrom('essay').select('id').execute()).toHaveLength(52);
  });

  it('says why a file is not the format it claims', async () => {
    const parsed = parseImportArgs(['wordpress', path.join(import.meta.dirname, 'types.ts')]);
    await expect(
      importFromFile(parsed as NonNullable<typeof parsed>, {
        imports: t.modules.importers.imports,
        scheduler: t.modules.scheduler,
        print: () => undefined,
        // The parser's reason in Chinese, as the back office shows it to a Chinese owner.
        language: 'zh-CN',
        onProgress: t.modules.importers.onProgress,
      }),
    ).rejects.toThrow(/不是合法的 XML|wxr_version/);
  });
});
