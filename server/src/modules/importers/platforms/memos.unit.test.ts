import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { fixtureFile, importFixtures } from '../../../../test/importFixtures.ts';
import { ImportFormatError, type ImportInput } from '../types.ts';
import { parseMemos } from './memos.ts';

const latestPath = join(importFixtures, 'memos/latest/memos_prod.db');
const readRow = (sql: string) => {
  const db = new SqliteDatabase(latestPath, { readonly: true });
  try {
    return db.prepare(sql).get() as Record<string, number | string | Uint8Array>;
  } finally {
    db.close();
  }
};

/** A copy of the real database with some rows changed, for states the Memos seed does not hold. */
function changedCopy(sql: string): ImportInput {
  const folder = mkdtempSync(join(tmpdir(), 'memos-test-'));
  try {
    const file = join(folder, 'memos_prod.db');
    writeFileSync(file, readFileSync(latestPath));
    const db = new SqliteDatabase(file);
    db.exec(sql);
    db.close();
    return { kind: 'file', name: 'memos_prod.db', bytes: new Uint8Array(readFileSync(file)) };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

describe('Memos SQLite (built from usememos/memos schema and demo seed, attachment table)', () => {
  const bundle = parseMemos(fixtureFile('memos/latest/memos_prod.db'));
  const byId = new Map(bundle.posts.map((post) => [post.sourceId, post]));

  it("turns the owner's memos into moments and leaves other users' out with a warning", () => {
    expect(bundle.platform).toBe('memos');
    expect(bundle.posts.map((post) => post.sourceId)).toEqual([
      'memo-30',
      'memo-2',
      'memo-1',
      'memo-6',
      'memo-16',
      'memo-27',
      'memo-10',
    ]);
    expect(bundle.posts.every((post) => post.kind === 'moment' && post.title === '')).toBe(true);
    expect(bundle.warnings).toContainEqual(
      expect.objectContaining({ kind: 'memos-other-users', message: expect.stringContaining('15') }),
    );
  });

  it('keeps text, payload tags and created time in ms', () => {
    const welcome = byId.get('memo-1')!;
    expect(welcome.content).toMatch(/^# Welcome to Memos 👋\n\nHi, I'm Steven/);
    expect(welcome.tags).toEqual(['welcome', 'getting-started']);
    expect(welcome.publishedAt).toBe(
      Number(readRow('SELECT created_ts AS t FROM memo WHERE id = 1').t) * 1000,
    );
    expect(welcome.publishedAt % 1000).toBe(0);
  });

  it('PROTECTED memos are hidden, PUBLIC ones not', () => {
    expect(byId.get('memo-16')!.hidden).toBe(true);
    expect(byId.get('memo-1')!.hidden).toBe(false);
  });

  it('comments (memo_relation COMMENT) on the owner’s memos come along, with their author', () => {
    expect(bundle.comments.map((c) => [c.sourceId, c.postSourceId, c.author, c.byOwner])).toEqual([
      ['memo-31', 'memo-30', 'Johnny', false],
      ['memo-20', 'memo-1', 'Sam', false],
      ['memo-26', 'memo-16', 'Johnny', false],
      ['memo-28', 'memo-27', 'Johnny', false],
    ]);
    expect(bundle.comments[1]!.createdAt).toBe(
      Number(readRow('SELECT created_ts AS t FROM memo WHERE id = 20').t) * 1000,
    );
    expect(bundle.comments.every((c) => c.status === 'visible')).toBe(true);
  });

  it('an image attachment stored as a blob becomes a picture with its bytes, shown in the text', () => {
    const input = changedCopy(
      'UPDATE memo SET creator_id = 1 WHERE id = 3; UPDATE attachment SET creator_id = 1;',
    );
    const golden = parseMemos(input).posts.find((post) => post.sourceId === 'memo-3')!;
    const blob = readRow("SELECT blob FROM attachment WHERE uid = 'goldenhourart1'").blob as Uint8Array;
    expect(golden.pictures).toEqual([
      {
        ref: 'attachments/goldenhourart1/golden-hour-trail.png',
        alt: 'golden-hour-trail.png',
        bytes: new Uint8Array(blob),
      },
    ]);
    expect(golden.pictures[0]!.bytes).toHaveLength(12168);
    expect(
      golden.content.endsWith('![golden-hour-trail.png](attachments/goldenhourart1/golden-hour-trail.png)'),
    ).toBe(true);
  });

  it.each([
    ["visibility = 'PRIVATE'", true],
    ["row_status = 'ARCHIVED'", true],
    ["visibility = 'PUBLIC'", false],
  ])('%s → hidden %s', (change, hidden) => {
    const post = parseMemos(changedCopy(`UPDATE memo SET ${change} WHERE id = 2;`)).posts.find(
      (p) => p.sourceId === 'memo-2',
    )!;
    expect(post.hidden).toBe(hidden);
  });
});

describe('Memos SQLite before 0.26 (resource table, HOST user)', () => {
  it('reads the older schema, zipped with a top folder', () => {
    const bytes = new Uint8Array(readFileSync(join(importFixtures, 'memos/v0.25/memos_prod.db')));
    const input: ImportInput = {
      kind: 'archive',
      name: 'backup.zip',
      files: new Map([['memos/memos_prod.db', bytes]]),
    };
    const bundle = parseMemos(input);
    expect(bundle.posts).toHaveLength(8);
    expect(bundle.posts[0]!.tags).toEqual(['welcome', 'getting-started']);
    expect(bundle.posts.every((post) => !post.hidden && post.pictures.length === 0)).toBe(true);
    expect(bundle.warnings).toEqual([]);
  });
});

describe('not a Memos database', () => {
  it.each([
    [
      'a JSON file',
      { kind: 'file', name: 'x.json', bytes: new TextEncoder().encode('{}') } as ImportInput,
      /SQLite/,
    ],
    ['another SQLite file', changedCopy('DROP TABLE memo;'), /memo/],
    [
      'an archive without a database',
      { kind: 'archive', name: 'a.zip', files: new Map() } as ImportInput,
      /memos_prod\.db/,
    ],
  ])('%s: ImportFormatError with a reason', (_label, input, reason) => {
    expect(() => parseMemos(input)).toThrow(ImportFormatError);
    expect(() => parseMemos(input)).toThrow(reason);
  });
});
