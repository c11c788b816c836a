import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { BackupStatus } from '@candy/contract/calls/dashboard';
import { Job } from '@candy/contract/calls/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner, insertEssays, testOwnerGuard } from '../../../test/contentFactories.ts';
import { createTestApp, type TestApp, testDialect } from '../../../test/harness.ts';
import { newBackupKey, RestoreRefused, restoreFromDestination } from './commandLine.ts';
import { chunkNamer, openerFor, sealerFor } from './crypto.ts';
import { openDestination } from './destination.ts';
import { listPoints, pointAt, readFileRefs, readIndex, readManifest } from './reader.ts';
import { createBackupService } from './service.ts';
import { shipperLock } from './shipperLock.ts';
import { ChunkVanished, writePoint } from './writer.ts';

/**
 * The archive through the server's own jobs (issue 45): nightly points at a folder destination,
 * deduplicated, checked by the drill; a flipped byte fails the drill and the point is never offered.
 */
describe(`encrypted backups to a destination (${testDialect()})`, () => {
  let t: TestApp;
  let dest: string;
  let identityFile: string;
  beforeAll(async () => {
    dest = fs.mkdtempSync(path.join(os.tmpdir(), 'candy-backup-dest-'));
    const key = await newBackupKey();
    identityFile = path.join(dest, '..', `${path.basename(dest)}.key`);
    fs.writeFileSync(identityFile, `# owner's key\n${key.identity}\n`);
    t = await createTestApp({
      ownerGuard: testOwnerGuard,
      seed: true,
      env: {
        BACKUP_DESTINATION: dest,
        BACKUP_RECIPIENT: key.recipient,
        BACKUP_IDENTITY_FILE: identityFile,
      },
    });
    await t.storage.put('images/2026/hello.png', Readable.from([Buffer.from('a picture, not really')]));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dest, { recursive: true, force: true });
    fs.rmSync(identityFile, { force: true });
  });

  /** Fires a job as the back office does and answers its run, once done. */
  const fire = async (id: string) => {
    t.clock.advance(60_000);
    const res = await t.server.inject({ method: 'POST', url: `/api/job/fire/${id}`, headers: asOwner });
    expect(res.statusCode, res.body).toBe(200);
    await t.modules.scheduler.idle();
    const list = await t.server.inject({ method: 'GET', url: '/api/job', headers: asOwner });
    const jobs = (list.json().data as unknown[]).map((job) => Job.parse(job));
    return jobs.find((job) => job.id === id)?.runs[0];
  };
  const status = async () => {
    const res = await t.server.inject({ method: 'GET', url: '/api/system/backups', headers: asOwner });
    expect(res.statusCode).toBe(200);
    return BackupStatus.parse(res.json().data);
  };
  const chunkFiles = () =>
    fs
      .readdirSync(path.join(dest, 'chunks'), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile());

  it('writes nothing readable: chunks and manifests are age files', async () => {
    expect((await fire('backup'))?.outcome).toBe('ok');
    const [chunk] = chunkFiles();
    const bytes = fs.readFileSync(path.join(chunk?.parentPath ?? '', chunk?.name ?? ''));
    expect(bytes.subarray(0, 21).toString()).toBe('age-encryption.org/v1');
    expect(bytes.includes(Buffer.from('a picture, not really'))).toBe(false);
  });

  it('backs an unchanged site up for almost nothing', async () => {
    const chunksBefore = chunkFiles().length;
    expect((await fire('backup'))?.outcome).toBe('ok');
    // Only the pages the job's own bookkeeping wrote (its lease, its last run, its log lines)
    // changed: a handful of chunks, their number depending on which tables' pages those writes
    // touched (3 on SQLite; 4 seen on PostgreSQL). The bytes below are the promise.
    expect(chunkFiles().length - chunksBefore).toBeLessThanOrEqual(6);
    const [newest] = (await status()).points;
    expect(newest?.kind).toBe('daily');
    expect(newest?.newBytes).toBeLessThan(newest ? newest.size / 10 : 0);
  });

  it('restores in the drill: the home shows the verified restore', async () => {
    await insertEssays(t, [{ content: '演练之前写的' }]);
    expect((await fire('backup'))?.outcome).toBe('ok');
    const run = await fire('backup-drill');
    expect(run?.outcome, run?.output).toBe('ok');
    const shown = await status();
    expect(shown.lastDrill?.ok).toBe(true);
    expect(shown.lastDrill?.points[0]?.id).toBe(shown.points[0]?.id);
    const manifest = await readManifest(
      openDestination(dest, {} as never).store,
      openerFor(fs.readFileSync(identityFile, 'utf8').split('\n')[1] ?? ''),
      shown.points[0]?.id ?? '',
    );
    expect(manifest.files.map((f) => f.key)).toContain('images/2026/hello.png');
    expect(manifest.tables.essay?.rows).toBeGreaterThan(0);
  });

  it('ships a point when content changed, nothing when only the jobs’ bookkeeping did', async () => {
    const settings = t.config.backups;
    if (!settings) throw new Error('no backups configured');
    const shipper = createBackupService(t.config, settings, t.storage, () => t.clock.now);
    t.clock.advance(1000);
    expect(await shipper.ship()).not.toBeNull();
    // A job run: its lease, its last run and its history change, nothing else.
    expect((await fire('publish-reservations'))?.outcome).toBe('ok');
    t.clock.advance(1000);
    expect(await shipper.ship()).toBeNull();
    await insertEssays(t, [{ content: '时间点之间写的' }]);
    t.clock.advance(1000);
    expect((await shipper.ship())?.kind).toBe('point');
  });

  it.runIf(testDialect() === 'postgres')('lets one replica’s shipper ship at a time', async () => {
    const [a, b] = [shipperLock(t.config.database), shipperLock(t.config.database)];
    expect(await a.held()).toBe(true);
    expect(await b.held()).toBe(false);
    await a.release();
    expect(await b.held()).toBe(true);
    await b.release();
  });

  it('does not write a point that names a chunk a concurrent prune collected', async () => {
    const real = openDestination(dest, {} as never);
    let pruned = false;
    let taken: { file: string; bytes: Buffer } | null = null;
    // The first listing of chunks is answered, then a "prune" deletes one the point reuses.
    const store = {
      ...real.store,
      list: async (prefix: string) => {
        const found = await real.store.list(prefix);
        if (prefix === 'chunks/' && !pruned) {
          pruned = true;
          const newest = (await listPoints(real.store)).at(-1);
          // A stored file's chunk: every point reuses it (a dump's first chunk holds a fresh key).
          const { fileRefs } = await readIndex(real.store, newest?.id ?? '');
          const victim = (await readFileRefs(real.store, fileRefs))[0] ?? '';
          const file = path.join(dest, 'chunks', victim.slice(0, 2), victim);
          taken = { file, bytes: fs.readFileSync(file) };
          fs.rmSync(file);
        }
        return found;
      },
    };
    const settings = t.config.backups;
    if (!settings) throw new Error('no backups configured');
    const pointsBefore = (await listPoints(real.store)).length;
    t.clock.advance(1000);
    await expect(
      writePoint(
        {
          config: t.config,
          storage: t.storage,
          destination: { label: dest, store },
          sealer: sealerFor(settings.recipient),
          recipient: settings.recipient,
          nameChunk: chunkNamer(t.config.dataDir),
        },
        { kind: 'daily', now: t.clock.now },
      ),
    ).rejects.toThrow(ChunkVanished);
    expect((await listPoints(real.store)).length).toBe(pointsBefore);
    // Put it back for the tests below: only this writer was to see it gone.
    const put = taken as { file: string; bytes: Buffer } | null;
    if (put) fs.writeFileSync(put.file, put.bytes);
  });

  it('refuses to restore over a live database without --force', async () => {
    await expect(restoreFromDestination(t.config, ['--from', dest], () => {}, 'en')).rejects.toThrow(
      RestoreRefused,
    );
  });

  it('refuses a wrong key as such, and blames no point for it', async () => {
    const wrong = path.join(dest, '..', `${path.basename(dest)}.wrong.key`);
    fs.writeFileSync(wrong, `${(await newBackupKey()).identity}\n`);
    try {
      await expect(
        restoreFromDestination(t.config, ['--from', dest, '--force', '--identity', wrong], () => {}, 'en'),
      ).rejects.toThrow(/sealed to age1/);
      const settings = t.config.backups;
      if (!settings) throw new Error('no backups configured');
      const drill = await createBackupService(
        t.config,
        { ...settings, identityFile: wrong },
        t.storage,
        () => t.clock.now,
      ).drill();
      expect(drill?.ok).toBe(false);
      expect(drill?.points[0]?.detail).toMatch(/恢复密钥不对/);
      const { store } = openDestination(dest, {} as never);
      expect((await listPoints(store)).filter((p) => p.bad !== null)).toEqual([]);
    } finally {
      fs.rmSync(wrong, { force: true });
    }
  });

  it('fails the drill loudly on a flipped byte, and never offers that point again', async () => {
    const { store } = openDestination(dest, {} as never);
    const points = await Promise.all((await listPoints(store)).map((p) => readIndex(store, p.id)));
    const newest = points.at(-1);
    // Flip a byte near the end of every chunk only the newest point names (its essay's pages).
    const older = new Set(points.slice(0, -1).flatMap((p) => p.chunks));
    const own = newest?.chunks.filter((name) => !older.has(name)) ?? [];
    expect(own.length).toBeGreaterThan(0);
    for (const name of own) {
      const file = path.join(dest, 'chunks', name.slice(0, 2), name);
      const bytes = fs.readFileSync(file);
      bytes[bytes.length - 20] = (bytes[bytes.length - 20] ?? 0) ^ 0x01;
      fs.writeFileSync(file, bytes);
    }
    const run = await fire('backup-drill');
    expect(run?.outcome).toBe('error');
    expect(run?.output).toMatch(/恢复演练失败/);
    expect(run?.output).toMatch(/does not decrypt/);
    const shown = await status();
    expect(shown.lastDrill?.ok).toBe(false);
    expect(shown.points[0]?.bad).toMatch(/does not decrypt/);
    expect(pointAt(await listPoints(store), Number.POSITIVE_INFINITY)?.id).not.toBe(newest?.id);
  });
});
