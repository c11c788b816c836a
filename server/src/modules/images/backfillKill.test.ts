import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photograph } from '../../../test/fakes/photograph.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { variantFolderOf } from './service.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
const cli = path.join(root, 'server/dist/cli.js');

/** Runs `cli.js images backfill` on the test's data dir and database; `onLine` sees each stdout line. */
const runBackfill = (t: TestApp, onLine: (line: string, child: ChildProcess) => void = () => {}) =>
  new Promise<{ lines: string[]; code: number | null; signal: NodeJS.Signals | null; pid: number }>(
    (resolve, reject) => {
      const child = spawn(process.execPath, [cli, 'images', 'backfill'], {
        env: {
          ...process.env,
          // The lines in English (the operator's locale), as asserted below.
          LC_ALL: 'en_US.UTF-8',
          DATA_DIR: t.config.dataDir,
          LOG_LEVEL: 'silent',
          LOG_FILES: 'false',
          ...(t.config.database.kind === 'postgres' ? { DATABASE_URL: t.config.database.url } : {}),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const lines: string[] = [];
      let rest = '';
      let errors = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        const parts = (rest + chunk.toString()).split('\n');
        rest = parts.pop() ?? '';
        for (const line of parts) {
          lines.push(line);
          onLine(line, child);
        }
      });
      child.stderr?.on('data', (chunk: Buffer) => {
        errors += chunk.toString();
      });
      child.once('error', reject);
      child.once('exit', (code, signal) => {
        if (code !== 0 && signal === null) reject(new Error(`backfill exited ${code}: ${errors}`));
        else resolve({ lines, code, signal, pid: child.pid ?? 0 });
      });
    },
  );

/** Every file under `dir`, relative, the hidden ones too. */
const filesUnder = (dir: string): string[] =>
  fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));

/**
 * The backfill as an operator runs it (issue 30: "a killed run resumes"): the real command in its own
 * process, killed with SIGKILL after its first picture, then run again.
 */
describe('the backfill command killed midway and run again', () => {
  let t: TestApp;
  const keys = Array.from({ length: 6 }, (_, i) => `waifu/before-${i + 1}.jpg`);
  beforeAll(async () => {
    execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs'), '--server'], { stdio: 'ignore' });
    t = await createTestApp({ sqliteName: 'candy.sqlite' });
    // Gallery pictures from before the pipeline: files and rows, no `image` rows.
    for (const key of keys) {
      await t.storage.put(key, Readable.from(await photograph(1000, 750)), { contentType: 'image/jpeg' });
      await t.database.db
        .insertInto('waifu')
        .values({
          url: `/files/${key}`,
          preview: `/files/${key}`,
          width: 1000,
          height: 750,
          title: '',
          created_at: 1,
        })
        .execute();
    }
  }, 180_000);
  afterAll(() => t?.close());

  it('leaves every picture ready exactly once, its copies complete, nothing half-written', {
    timeout: 180_000,
  }, async () => {
    const killed = await runBackfill(t, (line, child) => {
      if (/^\[1\/\d+\] /.test(line)) child.kill('SIGKILL');
    });
    expect(killed.signal).toBe('SIGKILL');
    expect(killed.lines[0]).toBe('registered 6 picture(s) stored before the pipeline');
    const states = async () =>
      t.database.db
        .selectFrom('image')
        .select(['key', 'variant_state', 'hash', 'variants'])
        .orderBy('key')
        .execute();
    const afterKill = await states();
    expect(afterKill).toHaveLength(6);
    const leftAfterKill = afterKill.filter((row) => row.variant_state === 'pending').length;
    expect(leftAfterKill).toBeGreaterThan(0);
    expect(leftAfterKill).toBeLessThan(6);

    // Where the kill lands in the middle of a write, the disk keeps its temporary file: one, as the
    // killed process's storage names it, stands for that case (the kill above landed where it did).
    const stray = path.join(
      t.config.dataDir,
      'files',
      'images/v/0123456789abcdef',
      `640.avif.partial-${killed.pid}-a1b2c3d4e5f6`,
    );
    fs.mkdirSync(path.dirname(stray), { recursive: true });
    fs.writeFileSync(stray, Buffer.alloc(100));

    const again = await runBackfill(t);
    expect(again.code).toBe(0);
    expect(again.lines).toContain('removed 1 half-written cop(ies) of an interrupted run');
    // Registered once: the second run found them all registered already.
    expect(again.lines).toContain('registered 0 picture(s) stored before the pipeline');
    expect(again.lines).toContain(`${leftAfterKill} picture(s) waiting for their copies`);
    // No picture made twice: the second run made only those the first had not finished.
    const madeIn = (lines: string[]) =>
      lines.flatMap((line) => /^\[\d+\/\d+\] ready +(\S+)$/.exec(line)?.[1] ?? []);
    expect(madeIn(again.lines)).toHaveLength(leftAfterKill);
    expect(madeIn(again.lines).filter((key) => madeIn(killed.lines).includes(key))).toEqual([]);

    const rows = await states();
    expect(rows.map((row) => [row.key, row.variant_state])).toEqual(keys.map((key) => [key, 'ready']));
    for (const row of rows) {
      const { widths, fallback } = JSON.parse(row.variants ?? '{}') as { widths: number[]; fallback: string };
      expect(widths).toEqual([320, 640, 960, 1000]);
      const folder = variantFolderOf(row.hash ?? '');
      const copies = await t.storage.list(folder);
      expect(copies.map((c) => c.key.slice(folder.length)).sort()).toEqual(
        widths.flatMap((w) => [`${w}.avif`, `${w}.${fallback}`, `${w}.webp`]).sort(),
      );
      // Each copy whole: it decodes to its width.
      for (const copy of copies) {
        const body = await sharp(fs.readFileSync(path.join(t.config.dataDir, 'files', copy.key))).metadata();
        expect(body.width, copy.key).toBe(Number(copy.key.slice(folder.length).split('.')[0]));
      }
    }
    expect(
      filesUnder(path.join(t.config.dataDir, 'files')).filter((file) => file.includes('.partial-')),
    ).toEqual([]);
  });
});
