import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleScript } from '../../test/bundleScript.ts';

// V8 also keeps compiled scripts in memory, so a second run in this process would never read the
// cache: each start is a process of its own, running codeCache.ts as the build bundles it.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'candy-code-cache-'));
const runner = path.join(dir, 'runner.js');
bundleScript(
  `import { runWithCodeCache } from './codeCache.ts';
    const { state, exports } = runWithCodeCache({ bundle: process.argv[2], cacheDir: process.argv[3] });
    console.log(JSON.stringify({ state, exports }));`,
  import.meta.dirname,
  runner,
);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const bundleText = (answer: number) =>
  `const os = require('node:os');\nmodule.exports = { platform: os.platform(), file: __filename, answer: ${answer} };\n`;

/** One start: how the cache was met, and what the bundle exported. */
const start = (bundle: string, cacheDir: string) => {
  const child = spawnSync(process.execPath, [runner, bundle, cacheDir], { encoding: 'utf8' });
  expect(child.stderr).toBe('');
  return JSON.parse(child.stdout) as {
    state: string;
    exports: { platform: string; file: string; answer: number };
  };
};

describe('runWithCodeCache', () => {
  it('runs a CommonJS bundle, caches it once, and never runs a stale cache', () => {
    const bundle = path.join(dir, 'server.js');
    const cacheDir = path.join(dir, 'cache');
    const caches = () => (fs.existsSync(cacheDir) ? fs.readdirSync(cacheDir) : []);
    fs.writeFileSync(bundle, bundleText(41));

    expect(start(bundle, cacheDir)).toEqual({
      state: 'none',
      exports: { platform: os.platform(), file: bundle, answer: 41 },
    });
    expect(caches()).toHaveLength(1); // written at exit
    expect(start(bundle, cacheDir)).toMatchObject({ state: 'accepted', exports: { answer: 41 } });

    // The same length of text (all V8 itself checks): a cache of its own, the old one removed.
    fs.writeFileSync(bundle, bundleText(42));
    expect(start(bundle, cacheDir)).toMatchObject({ state: 'none', exports: { answer: 42 } });
    expect(caches()).toHaveLength(1);
    expect(start(bundle, cacheDir)).toMatchObject({ state: 'accepted', exports: { answer: 42 } });

    // A damaged cache is refused, the bundle still runs, and a good cache replaces it.
    const [cacheFile] = caches();
    fs.writeFileSync(path.join(cacheDir, cacheFile as string), Buffer.alloc(4096, 7));
    expect(start(bundle, cacheDir)).toMatchObject({ state: 'rejected', exports: { answer: 42 } });
    expect(start(bundle, cacheDir)).toMatchObject({ state: 'accepted', exports: { answer: 42 } });
  });

  it('leaves no cache behind a start that failed', () => {
    const bundle = path.join(dir, 'failing.js');
    const cacheDir = path.join(dir, 'failing-cache');
    fs.writeFileSync(bundle, 'module.exports = { answer: 1 };\nprocess.exitCode = 1;\n');
    const child = spawnSync(process.execPath, [runner, bundle, cacheDir], { encoding: 'utf8' });
    expect(child.status).toBe(1);
    expect(JSON.parse(child.stdout)).toMatchObject({ state: 'none', exports: { answer: 1 } });
    expect(fs.existsSync(cacheDir)).toBe(false);
  });

  it('runs the bundle when its cache folder cannot be written', () => {
    const bundle = path.join(dir, 'other.js');
    fs.writeFileSync(bundle, bundleText(7));
    fs.writeFileSync(path.join(dir, 'not-a-folder'), '');
    const cacheDir = path.join(dir, 'not-a-folder', 'cache');
    expect(start(bundle, cacheDir)).toMatchObject({ state: 'none', exports: { answer: 7 } });
    expect(start(bundle, cacheDir)).toMatchObject({ state: 'none', exports: { answer: 7 } });
  });
});
