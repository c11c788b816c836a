#!/usr/bin/env node
// better-sqlite3 for this machine's Node, compiled once per machine (issue 39). Its install script
// asks prebuild-install for a binary from GitHub, which CI cannot reach, and then compiles SQLite
// with node-gyp: ≈ 100 s of `npm ci`'s 110. prebuild-install first looks for a "local prebuild"
// in the folder `npm_config_better_sqlite3_local_prebuilds` names, so `.ci/run` points that at the
// tool cache and, after `npm ci`, keeps what was compiled there in prebuild's own format.
//   node scripts/sqlitePrebuild.mjs dir    prints the folder (for the environment variable)
//   node scripts/sqlitePrebuild.mjs keep   packs node_modules' binary there when it is not yet
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { toolCache } from './toolCache.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.join(toolCache, 'prebuilds');
const packageDir = path.join(root, 'node_modules/better-sqlite3');

if (process.argv[2] === 'dir') {
  console.log(dir);
} else if (process.argv[2] === 'keep') {
  const { version } = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
  // prebuild-install's name: {name}-v{version}-{runtime}-v{abi}-{platform}{libc}-{arch}.tar.gz
  // (glibc has no libc part).
  const name = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  const binary = path.join(packageDir, 'build/Release/better_sqlite3.node');
  if (fs.existsSync(path.join(dir, name)) || !fs.existsSync(binary)) process.exit(0);
  // Only a binary that loads and answers is kept.
  const Database = createRequire(import.meta.url)(packageDir);
  new Database(':memory:').prepare('select 1').get();
  fs.mkdirSync(dir, { recursive: true });
  const partial = path.join(dir, `${name}.${process.pid}.tmp`);
  execFileSync('tar', ['-czf', partial, '-C', packageDir, 'build/Release/better_sqlite3.node']);
  fs.renameSync(partial, path.join(dir, name));
  console.log(`kept better-sqlite3 for Node ${process.version} in ${dir}`);
} else {
  console.error('usage: node scripts/sqlitePrebuild.mjs dir|keep');
  process.exit(2);
}
