#!/usr/bin/env node
// `npm test`: typecheck, lint + format check, then every test layer (unit, server on SQLite and
// PostgreSQL, end-to-end in Chromium) through vitest's projects. Stops at the first failing step.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** @param {string} name */
const bin = (name) => path.join(root, 'node_modules/.bin', name);

/** @type {[string, string, string[]][]} */
const steps = [
  ['typecheck', bin('tsc'), ['-b']],
  ['lint + format', bin('biome'), ['ci', '--reporter=summary', '.']],
  ['tests (unit · server:sqlite · server:postgres · e2e)', bin('vitest'), ['run', ...process.argv.slice(2)]],
];
// In CI (`CI=true`, as .ci/run sets it) the whole server test project (on SQLite, the embedded
// default) runs a second time under Node 24, the current LTS, while this machine's Node (20) ran
// everything above (issue 28); `TEST_NODE24=1` asks for it elsewhere. It costs CI about the server
// project's own time again (a few minutes) plus, once per machine, compiling better-sqlite3 for Node 24.
// scripts/node24.mjs brings Node 24 from the npm registry and builds better-sqlite3 for it.
if ((process.env.CI === 'true' || process.env.TEST_NODE24 === '1') && process.argv.length === 2)
  steps.push([
    'server tests under Node 24',
    process.execPath,
    [path.join(root, 'scripts/node24.mjs'), '--project', 'server:sqlite'],
  ]);

for (const [title, command, args] of steps) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`\n✗ ${title} failed`);
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${title} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
