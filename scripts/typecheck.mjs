#!/usr/bin/env node
// `tsc -b` over every project, incremental across clean clones on one machine (issue 39).
//
// A clean clone (CI's) has no `.tsbuild/`, so TypeScript checked all ≈ 1,000 files from nothing:
// ≈ 80 CPU-s, the largest single step before the tests. TypeScript's build info records a hash of
// every file it checked and the diagnostics each gave, and an incremental build re-checks only
// the files whose hash changed and those that depend on them. So: when the work tree has no
// build info, the last passing check's is copied in from the tool cache; after a passing check,
// this one's is kept there.
//
// The copy is dated 2000-01-01 on purpose: `tsc -b` first compares dates, and build info newer
// than every source is taken as "up to date" without reading a file — a clone's sources are dated
// when it was made, so a copy dated now would hide every change since the cached check. Older than
// every source, it makes TypeScript compare the hashes. A cached copy that does not fit (another
// TypeScript, other options) is TypeScript's own business: it starts from nothing, as without one.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { toolCache } from './toolCache.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const local = path.join(root, '.tsbuild');
const cached = path.join(toolCache, 'tsbuild');
const longAgo = new Date('2000-01-01T00:00:00Z');

/** @param {string} dir */
const infoFiles = (dir) =>
  fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.endsWith('.tsbuildinfo')) : [];

// The cache is a help, never a condition: a tool cache that cannot be read or written is skipped.
try {
  if (infoFiles(local).length === 0 && infoFiles(cached).length > 0) {
    fs.mkdirSync(local, { recursive: true });
    for (const name of infoFiles(cached)) {
      fs.copyFileSync(path.join(cached, name), path.join(local, name));
      fs.utimesSync(path.join(local, name), longAgo, longAgo);
    }
    console.log(`typecheck: incremental from the last passing check's build info (${cached})`);
  }
} catch (error) {
  console.log(`typecheck: the cached build info was not used (${String(error)})`);
}

const tsc = spawnSync(path.join(root, 'node_modules/.bin/tsc'), ['-b', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
if (tsc.status === 0) {
  try {
    // Written aside and renamed: two checks ending at once never leave a half-written folder.
    const partial = `${cached}.${process.pid}.tmp`;
    fs.rmSync(partial, { recursive: true, force: true });
    fs.mkdirSync(partial, { recursive: true });
    for (const name of infoFiles(local)) fs.copyFileSync(path.join(local, name), path.join(partial, name));
    fs.rmSync(cached, { recursive: true, force: true });
    fs.renameSync(partial, cached);
  } catch (error) {
    console.log(`typecheck: the build info was not kept (${String(error)})`);
  }
}
process.exit(tsc.status ?? 1);
