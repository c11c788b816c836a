#!/usr/bin/env node
// Cold start alone, measured as `npm run bench` measures it (DESIGN §8: ≤ 0.5 s to the first answer):
// `server/dist/main.js` with the V8 flag `npm start` uses, timed until GET /api/system/version
// answers, on a database migrated and seeded by a first start that is not counted (it also writes
// the code cache). Prints every start's wall time and the server's CPU time (user + system) at its
// first answer, which a busy machine disturbs less. Build first (`npm run build`).
//   node scripts/coldStart.mjs [root=.] [starts=7]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { nodeFlags, startEnv } from './benchServer.mjs';

const root = path.resolve(process.argv[2] ?? '.');
const starts = Number(process.argv[3] ?? 7);
const port = 19_000 + Math.floor(Math.random() * 900);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'candy-cold-'));
const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const start = async () => {
  const began = process.hrtime.bigint();
  const log = fs.openSync(path.join(dataDir, 'server.log'), 'a');
  const child = spawn(process.execPath, [...nodeFlags, path.join(root, 'server/dist/main.js')], {
    env: { ...env, ...startEnv },
    stdio: ['ignore', log, log],
  });
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/system/version`);
      if (res.ok) break;
    } catch {
      await sleep(2);
    }
  }
  const wall = Number(process.hrtime.bigint() - began) / 1e6;
  // /proc/PID/stat fields 14 and 15: user and system time in clock ticks (100 a second).
  const fields = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const cpu = (Number(fields[11]) + Number(fields[12])) * 10;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  return { wall, cpu };
};

await start();
const runs = [];
for (let i = 0; i < starts; i += 1) runs.push(await start());
/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const walls = runs.map((r) => r.wall);
const cpus = runs.map((r) => r.cpu);
console.log(`wall ms: ${walls.map((v) => v.toFixed(0)).join(' ')} (median ${median(walls).toFixed(0)})`);
console.log(`cpu ms:  ${cpus.join(' ')} (median ${median(cpus)})`);
fs.rmSync(dataDir, { recursive: true, force: true });
