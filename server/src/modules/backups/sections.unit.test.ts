import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentChanged, postgresSections, type Sections } from './sections.ts';

const dump = (jobRuns: string, essays: string, restrictKey: string) =>
  [
    `\\restrict ${restrictKey}`,
    'CREATE TABLE public.essay (id integer, content text);',
    'COPY public.essay (id, content) FROM stdin;',
    essays,
    '\\.',
    'COPY public.job_run (id, job_id) FROM stdin;',
    jobRuns,
    '\\.',
    "SELECT pg_catalog.setval('public.job_run_id_seq', 7, true);",
    `\\unrestrict ${restrictKey}`,
    '',
  ].join('\n');

const sectionsOf = async (text: string): Promise<Sections> => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'candy-sections-')), 'dump.sql');
  fs.writeFileSync(file, text);
  try {
    return await postgresSections(file);
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
};

describe('what counts as a change worth shipping', () => {
  it('splits a plain dump by table and sequence, ignoring the restrict key', async () => {
    const sections = await sectionsOf(dump('1\tbackup', '1\t你好', 'AAA'));
    expect([...sections.keys()].sort()).toEqual(['(schema)', 'essay', 'job_run', 'sequence:job_run_id_seq']);
    expect(await sectionsOf(dump('1\tbackup', '1\t你好', 'BBB'))).toEqual(sections);
  });

  it.each([
    ['a new job run only', dump('1\tbackup\n2\tcleanup', '1\t你好', 'B'), false],
    ['an edited essay', dump('1\tbackup', '1\t你好！', 'B'), true],
    ['a new essay beside a new job run', dump('1\tbackup\n2\tcleanup', '1\t你好\n2\t再见', 'B'), true],
  ])('%s: %s', async (_, after, changed) => {
    const before = await sectionsOf(dump('1\tbackup', '1\t你好', 'A'));
    expect(contentChanged(before, await sectionsOf(after))).toBe(changed);
  });

  it('ignores SQLite free pages and counters, not a new table', () => {
    const before: Sections = new Map([
      ['essay', 'a'],
      ['(free)', 'x'],
      ['sqlite_sequence', 's'],
    ]);
    expect(
      contentChanged(
        before,
        new Map([
          ['essay', 'a'],
          ['(free)', 'y'],
          ['sqlite_sequence', 't'],
        ]),
      ),
    ).toBe(false);
    expect(contentChanged(before, new Map([...before, ['moment', 'm']]))).toBe(true);
  });
});
