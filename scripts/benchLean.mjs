#!/usr/bin/env node
// Issue 39's figures ("Lean again"), measured on the built server as `npm start` runs it:
//   - idle RSS in every state DESIGN §8 names: 60 s after the first start of a fresh install
//     (demo content, pictures and their copies, the demo video, the first snapshot export), 60 s after a
//     restart on that data folder, and 60 s after 30 s of read load;
//   - four cached public reads (essay list, links, a random quote, one essay), each against a bare
//     `node:http` server answering the same bytes, alternated in one run (wrk -t2 -c32) after two
//     seconds of warm-up per read and server.
// `node scripts/benchLean.mjs` prints a table; with `--bench` (as `npm run bench` calls it) one JSON
// row per figure. Needs a quiet machine: it measures, it never fails.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { load, tool } from './benchLoad.mjs';
import { answersOf, rssMb, serverControl, sleep, startBare } from './benchServer.mjs';

const asRows = process.argv.includes('--bench');
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const settleMs = Number(process.env.BENCH_SETTLE_MS ?? 60_000);
const port = 19_000 + Math.floor(Math.random() * 400);
const barePort = port + 500;
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'candy-bench-lean-'));
// The server as `npm start` runs it: LOG_LEVEL info, an access line per request (stdout and files).
const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir };
const { startServer, stop } = serverControl({ env, dataDir, base });

/** @type {[string, string, string][]} */
const rows = [];
const mb = (/** @type {number} */ value) => `${value.toFixed(0)} MB`;

// A fresh install: the first start seeds, draws the demo pictures, makes their copies, cuts the demo
// video and exports the first snapshot; what is left resident a minute later is what stays.
const fresh = await startServer();
await sleep(settleMs);
rows.push([
  'idle RSS, 60 s after a fresh install’s first start',
  mb(rssMb(Number(fresh.child.pid))),
  '≤ 75 MB',
]);
await stop(fresh.child);

const server = await startServer();
await sleep(5_000);
// Five seconds in, start-up's own work (the catch-up of missed jobs, the code cache's check) is
// still resident; a minute in, the server is idle as in the other states.
rows.push([
  'RSS 5 s after a restart (start-up still settling)',
  mb(rssMb(Number(server.child.pid))),
  '(no target)',
]);
await sleep(settleMs - 5_000);
rows.push(['idle RSS, 60 s after a restart', mb(rssMb(Number(server.child.pid))), '≤ 75 MB']);

const essays = /** @type {{ data?: { list?: { id: number }[] } }} */ (
  await (await fetch(`${base}/api/blog/essay`)).json()
);
const firstId = essays.data?.list?.[0]?.id;
const reads = {
  'essay list': '/api/blog/essay',
  links: '/api/blog/link',
  'random quote': '/api/blog/hitokoto/random',
  'one essay': `/api/blog/essay/${firstId}`,
};
const answers = await answersOf(base, Object.values(reads));
const bare = await startBare(answers, barePort);

/** @type {Record<string, { ours: {rps: number, p99: number}[], bare: {rps: number, p99: number}[] }>} */
const results = {};
const loadStarted = Date.now();
// Warm-up, not counted: the figure is each server's steady state. The first seconds of load after a
// restart (V8 still compiling, the cached answers still being made) are start-up's, not a read's.
for (const url of Object.keys(answers))
  for (const target of [`${base}${url}`, `http://127.0.0.1:${barePort}${url}`]) await load(target, 2);
for (let round = 0; round < rounds; round += 1)
  for (const url of Object.keys(answers)) {
    results[url] ??= { ours: [], bare: [] };
    const into = results[url];
    /** @type {['ours' | 'bare', string][]} */
    const targets = [
      ['ours', `${base}${url}`],
      ['bare', `http://127.0.0.1:${barePort}${url}`],
    ];
    // Alternate the order between rounds, so neither side always runs on a warmer machine.
    if (round % 2 === 1) targets.reverse();
    for (const [who, target] of targets) into[who].push(await load(target, seconds));
  }
const loadSeconds = (Date.now() - loadStarted) / 1000;
const median = (/** @type {number[]} */ list) =>
  [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
for (const [name, url] of Object.entries(reads)) {
  const result = results[url];
  if (!result) {
    rows.push([`GET ${url} (${name})`, 'not measured (no answer)', '≥ 0.8× bare, p99 ≤ 5 ms']);
    continue;
  }
  // Each round's ratio is ours against the bare run beside it; the median of the rounds is given.
  const ratios = result.ours.map((ours, i) => ours.rps / (result.bare[i]?.rps || 1));
  const ours = median(result.ours.map((r) => r.rps));
  const p99 = Math.max(...result.ours.map((r) => r.p99));
  // The bare server's own tail beside ours: wrk shares the two cores, so part of a p99 is the machine's.
  const bareP99 = Math.max(...result.bare.map((r) => r.p99));
  rows.push([
    `GET ${url} (${name}; ${tool}, ${rounds} rounds)`,
    `ours ${ours.toFixed(0)} req/s, bare ${median(result.bare.map((r) => r.rps)).toFixed(0)}, ours/bare ${median(ratios).toFixed(2)}× (rounds ${ratios.map((r) => r.toFixed(2)).join(' ')}), worst p99 ${p99.toFixed(1)} ms (bare ${bareP99.toFixed(1)} ms)`,
    '≥ 0.8× bare, p99 ≤ 5 ms',
  ]);
}
await sleep(settleMs);
rows.push([
  `idle RSS, 60 s after ${loadSeconds.toFixed(0)} s of read load`,
  mb(rssMb(Number(server.child.pid))),
  '≤ 75 MB',
]);

await stop(server.child);
bare.kill('SIGTERM');
fs.rmSync(dataDir, { recursive: true, force: true });

if (asRows) for (const r of rows) console.log(JSON.stringify(r));
else
  for (const [what, value, target] of rows)
    console.log(`${what.padEnd(62)} ${value.padEnd(70)} target ${target}`);
