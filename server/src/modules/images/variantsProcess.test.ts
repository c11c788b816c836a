import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photograph } from '../../../test/fakes/photograph.ts';
import { makeVariants } from './variants.ts';
import { variantMaker } from './variantsProcess.ts';

/**
 * Copies made in a child process (the built server's way): the child's entry is built here as
 * scripts/build.mjs builds it, then driven over its IPC channel.
 */
describe('the image-copies child process', () => {
  let dir: string;
  let entry: string;
  beforeAll(async () => {
    // Inside the workspace, so the child finds sharp in node_modules as the built server does.
    const cache = path.join(import.meta.dirname, '../../../node_modules/.cache');
    fs.mkdirSync(cache, { recursive: true });
    dir = fs.mkdtempSync(path.join(cache, 'candy-variants-child-'));
    entry = path.join(dir, 'imageVariants.js');
    const esbuild = await import('esbuild');
    await esbuild.build({
      entryPoints: [path.join(import.meta.dirname, 'variantsChild.ts')],
      outfile: entry,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      external: ['sharp'],
      // As scripts/build.mjs gives a CommonJS bundle its `import.meta.url`.
      banner: { js: "var importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
      define: { 'import.meta.url': 'importMetaUrl' },
      logLevel: 'warning',
    });
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const childrenOf = (pid: number): number[] =>
    fs
      .readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .filter((name) => {
        try {
          return fs.readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1]?.split(' ')[1] === String(pid);
        } catch {
          return false;
        }
      })
      .map(Number);

  it('makes the same copies as the process itself, several pictures through one child, which ends on close', async () => {
    const maker = variantMaker(entry);
    const first = await photograph(1000, 750);
    const second = await photograph(500, 500);
    // The test process has children of its own (esbuild's service): only new ones count.
    const others = new Set(childrenOf(process.pid));
    const ours = () => childrenOf(process.pid).filter((pid) => !others.has(pid));
    const apart = await maker.make(first, 100_000_000);
    const child = ours();
    expect(child).toHaveLength(1);
    const again = await maker.make(second, 100_000_000);
    // One child served both.
    expect(ours()).toEqual(child);
    maker.close();
    await expect.poll(ours, { timeout: 5000 }).toEqual([]);

    const here = await makeVariants(first, 100_000_000);
    if (apart.kind !== 'made' || here.kind !== 'made' || again.kind !== 'made') throw new Error('not made');
    expect(apart.widths).toEqual([320, 640, 960, 1000]);
    expect(apart.files.map((f) => [f.name, f.mime])).toEqual(here.files.map((f) => [f.name, f.mime]));
    expect(apart.hash).toBe(here.hash);
    expect(apart.thumbhash).toBe(here.thumbhash);
    expect(Buffer.isBuffer(apart.files[0]?.body)).toBe(true);
    expect(apart.files.find((f) => f.name === '320.jpg')?.body.subarray(0, 2)).toEqual(
      Buffer.from([0xff, 0xd8]),
    );
    expect(again.widths).toEqual([320, 500]);
  }, 60_000);

  it('answers a picture it cannot read with the decoder’s error, and carries on', async () => {
    const maker = variantMaker(entry);
    const photo = await photograph(400, 300);
    await expect(maker.make(photo.subarray(0, 200), 100_000_000)).rejects.toThrow();
    await expect(maker.make(photo, 100_000_000)).resolves.toMatchObject({ kind: 'made', widths: [320, 400] });
    maker.close();
  }, 60_000);

  it('fails the picture whose child dies or hangs, and starts a new child for the next', async () => {
    const maker = variantMaker(entry, 1);
    const photo = await photograph(400, 300);
    // Killed by its deadline (1 ms): the picture fails, nothing waits forever.
    await expect(maker.make(photo, 100_000_000)).rejects.toThrow(/图片进程中途退出/);
    maker.close();
    const patient = variantMaker(entry);
    await expect(patient.make(photo, 100_000_000)).resolves.toMatchObject({ kind: 'made' });
    patient.close();
  }, 60_000);
});
