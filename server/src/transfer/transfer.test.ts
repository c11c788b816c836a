import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testOwnerGuard } from '../../test/contentFactories.ts';
import { createTestApp, type TestApp, testDialect } from '../../test/harness.ts';
import { loadConfig } from '../config.ts';
import { openDb } from '../db/index.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { seedDemoIfEmpty } from '../db/seed/index.ts';
import { createLocalStorage } from '../storage/index.ts';
import { exportArchive, ImportRefused, importArchive } from './archive.ts';

/** An archive's content: each table's JSON and each file's digest (the manifest's times left out). */
const contentOf = async (file: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'candy-archive-'));
  try {
    await tar.x({ file, cwd: dir });
    const tables: Record<string, string> = {};
    for (const name of fs.readdirSync(path.join(dir, 'tables'))) {
      tables[name] = fs.readFileSync(path.join(dir, 'tables', name), 'utf8');
    }
    const files: Record<string, string> = {};
    const root = path.join(dir, 'files');
    if (fs.existsSync(root)) {
      for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile()) continue;
        const full = path.join(entry.parentPath, entry.name);
        files[path.relative(root, full)] = createHash('sha256').update(fs.readFileSync(full)).digest('hex');
      }
    }
    return { tables, files };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
};

/** A seeded SQLite site in its own data directory: the source of the round trips. */
const sqliteSite = async (seed: boolean) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'candy-site-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const database = openDb(config.database);
  await migrateToLatest(database.db);
  if (seed) await seedDemoIfEmpty(database.db, config, Date.UTC(2026, 10, 20));
  const storage = createLocalStorage(path.join(dataDir, 'files'));
  return {
    deps: { db: database.db, dialect: database.dialect, storage },
    async close() {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

describe(`export and import (${testDialect()})`, () => {
  let work: string;
  let target: TestApp;
  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'candy-transfer-test-'));
    target = await createTestApp({ ownerGuard: testOwnerGuard });
  });
  afterAll(async () => {
    await target.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it(`carries a SQLite site into ${testDialect()} and back with the same content`, async () => {
    const source = await sqliteSite(true);
    const first = path.join(work, 'first.tar.gz');
    const manifest = await exportArchive({ ...source.deps, now: 1 }, first);
    await source.close();
    expect(manifest.tables.find((t) => t.name === 'essay')?.rows).toBeGreaterThan(10);
    expect(manifest.files).toBeGreaterThan(0);

    const into = { db: target.database.db, dialect: target.database.dialect, storage: target.storage };
    await importArchive(into, first);
    const second = path.join(work, 'second.tar.gz');
    await exportArchive({ ...into, now: 2 }, second);
    const [a, b] = [await contentOf(first), await contentOf(second)];
    expect(Object.keys(b.tables).sort()).toEqual(Object.keys(a.tables).sort());
    for (const name of Object.keys(a.tables)) expect(b.tables[name], name).toBe(a.tables[name]);
    expect(b.files).toEqual(a.files);

    // Back into a fresh SQLite database: still the same.
    const back = await sqliteSite(false);
    await importArchive(back.deps, second);
    const third = path.join(work, 'third.tar.gz');
    await exportArchive({ ...back.deps, now: 3 }, third);
    await back.close();
    const c = await contentOf(third);
    for (const name of Object.keys(a.tables)) expect(c.tables[name], name).toBe(a.tables[name]);
    expect(c.files).toEqual(a.files);
  });

  it('keeps working after the import: new rows get fresh ids', async () => {
    const res = await target.server.inject({ method: 'GET', url: '/api/blog/essay' });
    expect(res.json().data.list.length).toBe(10);
    const max = Math.max(
      ...(await target.database.db.selectFrom('essay').select('id').execute()).map((r) => r.id),
    );
    const inserted = await target.database.db
      .insertInto('essay')
      .values({ content: '导入之后', hide: 0, reservation: null, created_at: 1, updated_at: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(inserted.id).toBeGreaterThan(max);
  });

  it('lets the owner download the same archive from the back office, and nobody else', async () => {
    const visitor = await target.server.inject({ method: 'GET', url: '/api/system/export' });
    expect(visitor.statusCode).toBe(401);
    const res = await target.server.inject({
      method: 'GET',
      url: '/api/system/export',
      headers: { 'x-fingerprint': 'test-owner-key' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="candy-jar-\d{4}-\d{2}-\d{2}\.tar\.gz"$/,
    );
    const file = path.join(work, 'downloaded.tar.gz');
    fs.writeFileSync(file, res.rawPayload);
    const content = await contentOf(file);
    expect(Object.keys(content.tables)).toContain('essay.json');
  });

  it('refuses to import over a site that exists, and anything that is not an export', async () => {
    const into = { db: target.database.db, dialect: target.database.dialect, storage: target.storage };
    await expect(importArchive(into, path.join(work, 'second.tar.gz'))).rejects.toBeInstanceOf(ImportRefused);
    const bogus = path.join(work, 'bogus.tar.gz');
    fs.mkdirSync(path.join(work, 'bogus'));
    fs.writeFileSync(path.join(work, 'bogus', 'manifest.json'), '{"format":"something-else","version":1}');
    await tar.c({ gzip: true, file: bogus, cwd: path.join(work, 'bogus') }, ['manifest.json']);
    const fresh = await sqliteSite(false);
    await expect(importArchive(fresh.deps, bogus)).rejects.toThrow(/不是糖果罐的导出文件/);
    await fresh.close();
  });
});
