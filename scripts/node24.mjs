#!/usr/bin/env node
// The server tests under Node 24 (the current LTS), while the machine's own Node (20) runs every
// other layer: `node scripts/node24.mjs [vitest arguments]`; `--prepare` only makes Node 24 ready.
//
// Node 24 comes from the npm registry (scripts/node24Binary.mjs). better-sqlite3's prebuilt binaries
// are downloaded from GitHub, which these machines cannot reach, and the one in node_modules is built
// for Node 20's ABI; so a copy is compiled for Node 24 with node-gyp against those headers (once per
// machine and version pair, in the tool cache), and a preload (node24Dlopen.cjs) makes every Node 24
// process — vitest's workers and the CLI children some tests spawn — load it instead. node_modules
// stays as Node 20 needs it. sharp's binary is N-API (one build for every Node version).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fillOnce } from './cacheOnce.mjs';
import { NODE24_VERSION, node24Binary, node24Dir } from './node24Binary.mjs';
import { toolCache } from './toolCache.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sqliteSource = path.join(root, 'node_modules/better-sqlite3');
const sqliteVersion = JSON.parse(fs.readFileSync(path.join(sqliteSource, 'package.json'), 'utf8')).version;
const sqliteCopy = path.join(toolCache, 'better-sqlite3', `${sqliteVersion}-node${NODE24_VERSION}`);
const binding = path.join(sqliteCopy, 'build/Release/better_sqlite3.node');

/** @param {string} what */
const step = (what) => console.log(`node24: ${what}`);

const node24 = await node24Binary();

await fillOnce(sqliteCopy, (tmp) => {
  step(
    `compiling better-sqlite3 ${sqliteVersion} for Node ${NODE24_VERSION} (about a minute, once per machine)`,
  );
  fs.cpSync(sqliteSource, tmp, {
    recursive: true,
    filter: (source) => !source.includes(`${path.sep}build`),
  });
  // npm's own node-gyp, run by Node 24; npm_config_nodedir wins over a machine-wide `nodedir` setting.
  const npmRoot = execFileSync('npm', ['root', '-g'], { encoding: 'utf8' }).trim();
  const gyp = path.join(npmRoot, 'npm/node_modules/node-gyp/bin/node-gyp.js');
  execFileSync(node24, [gyp, 'rebuild', '--release', `--nodedir=${node24Dir}`], {
    cwd: tmp,
    env: { ...process.env, npm_config_nodedir: node24Dir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
});

const args = process.argv.slice(2);
if (args.length === 1 && args[0] === '--prepare') process.exit(0);

step(`vitest run ${args.join(' ')} on Node ${execFileSync(node24, ['-v'], { encoding: 'utf8' }).trim()}`);
const run = spawnSync(node24, [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', ...args], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    // Children started as `node` or with process.execPath are Node 24 as well.
    PATH: `${path.join(node24Dir, 'bin')}${path.delimiter}${process.env.PATH ?? ''}`,
    NODE_OPTIONS:
      `${process.env.NODE_OPTIONS ?? ''} --require ${path.join(root, 'scripts/node24Dlopen.cjs')}`.trim(),
    NODE24_BETTER_SQLITE3: binding,
  },
});
process.exit(run.status ?? 1);
