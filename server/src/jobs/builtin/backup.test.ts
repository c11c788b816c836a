import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from '../../../test/harness.ts';
import { openDb } from '../../db/index.ts';
import { backupDatabase, restoreDatabase } from './backup.ts';

describe(`backup and restore (${testDialect()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(() => t.close());

  const snapshotOf = async (db: TestApp['database']['db']) => ({
    essays: (
      await db.selectFrom('essay').select(['id', 'content', 'updated_at']).orderBy('id').execute()
    ).map((r) => ({
      ...r,
      updated_at: Number(r.updated_at),
    })),
    comments: (await db.selectFrom('comment').select(['id', 'content']).orderBy('id').execute()).length,
    links: (await db.selectFrom('link').select(['id', 'url']).orderBy('id').execute()).length,
  });

  it('restores a backup: the later change is gone, everything else as it was', async () => {
    const before = await snapshotOf(t.database.db);
    const dir = path.join(t.config.dataDir, 'backups');
    const file = await backupDatabase(t.config.database, dir, {
      now: Date.UTC(2026, 10, 22, 3, 30),
      keep: 2,
    });
    expect(path.basename(file)).toBe(
      `candy-20261122-033000.${testDialect() === 'sqlite' ? 'sqlite' : 'dump'}`,
    );

    await t.database.db
      .insertInto('essay')
      .values({ content: '备份之后写的', hide: 0, reservation: null, created_at: 1, updated_at: 1 })
      .execute();
    expect((await snapshotOf(t.database.db)).essays.length).toBe(before.essays.length + 1);

    // The server is stopped for a restore.
    await t.database.close();
    await restoreDatabase(t.config.database, file);
    const reopened = openDb(t.config.database);
    try {
      expect(await snapshotOf(reopened.db)).toEqual(before);
    } finally {
      await reopened.close();
    }
    // The harness closes its handle again at the end; give it a live one.
    Object.assign(t.database, openDb(t.config.database));
  });

  it('keeps only the newest backups', async () => {
    const dir = path.join(t.config.dataDir, 'backups');
    for (const hour of [4, 5, 6]) {
      await backupDatabase(t.config.database, dir, { now: Date.UTC(2026, 10, 22, hour), keep: 2 });
    }
    expect(fs.readdirSync(dir).sort(), fs.readdirSync(dir).join()).toEqual(
      ['050000', '060000'].map(
        (time) => `candy-20261122-${time}.${testDialect() === 'sqlite' ? 'sqlite' : 'dump'}`,
      ),
    );
  });
});
