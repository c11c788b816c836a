#!/usr/bin/env node
// Issue 40.3, measured from outside: the two import attacks of the audit against the built server
// (`server/dist`, as `npm start` runs it), each while a visitor reads the essay list in a loop.
// For each it prints the server's resident memory before and at its peak (sampled every 10 ms from
// /proc) and the slowest read seen during the attack. Budget: RSS +150 MB at most, reads ≤ 100 ms.
//
//   node scripts/benchImportAttack.mjs        (builds first when server/dist is missing)
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { zipSync } from 'fflate';
import { rssMb, serverControl, sleep } from './benchServer.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (!fs.existsSync(path.join(root, 'server/dist/main.js')))
  execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });

const port = 40_000 + Math.floor(Math.random() * 10_000);
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'candy-attack-'));
const env = {
  ...process.env,
  PORT: String(port),
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
};
const control = serverControl({ env, dataDir, base });

/** A write token, put straight into the database while the server is stopped. */
const plantToken = () => {
  const secret = `cj_${randomBytes(32).toString('base64url')}`;
  const db = new Database(path.join(dataDir, 'candy.sqlite'));
  db.prepare(
    'INSERT INTO api_token (name, token_hash, prefix, scope, modules, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  ).run(
    'attack',
    createHash('sha256').update(secret).digest('hex'),
    secret.slice(0, 9),
    'write',
    '[]',
    Date.now(),
  );
  db.close();
  return secret;
};

/** ≈ 700 KB of zip whose one entry inflates to 700 MB while its headers say 1 MB. */
const lyingZip = () => {
  const zip = zipSync({ 'export.xml': new Uint8Array(700 * 1024 * 1024) }, { level: 9 });
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  for (let at = 0; at + 4 <= zip.length; at += 1) {
    const signature = view.getUint32(at, true);
    if (signature === 0x04034b50) view.setUint32(at + 22, 1024 * 1024, true);
    if (signature === 0x02014b50) view.setUint32(at + 24, 1024 * 1024, true);
  }
  return Buffer.from(zip);
};

/**
 * @param {number} pid @param {string} token @param {string} name @param {Buffer} file
 * @param {string} fileName
 */
const attack = async (pid, token, name, file, fileName) => {
  const before = rssMb(pid);
  let peak = before;
  let running = true;
  const sampler = (async () => {
    while (running) {
      peak = Math.max(peak, rssMb(pid));
      await sleep(10);
    }
  })();
  // The visitor reads from a thread of its own: building a 200 MB upload here would stall a reader
  // sharing this thread's event loop, and that stall would be ours, not the server's.
  const reader = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
    let running = true, slowest = 0, slowestAt = 0, reads = 0;
    const began = performance.now();
    parentPort.on('message', () => { running = false; });
    (async () => {
      while (running) {
        const started = performance.now();
        const res = await fetch(workerData + '/api/blog/essay');
        await res.arrayBuffer();
        const took = performance.now() - started;
        if (took > slowest) { slowest = took; slowestAt = started - began; }
        reads += 1;
        await new Promise((r) => setTimeout(r, 5));
      }
      parentPort.postMessage({ slowest, slowestAt, reads });
    })();`,
    { eval: true, workerData: base },
  );
  /** @type {Promise<{ slowest: number, slowestAt: number, reads: number }>} */
  const readings = new Promise((resolve) => reader.once('message', resolve));
  await sleep(300);
  const form = new FormData();
  form.set('platform', 'wordpress');
  form.set('file', new Blob([file]), fileName);
  const started = performance.now();
  const res = await fetch(`${base}/api/import/job`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const answer = /** @type {{ code?: number, errorMsg?: string }} */ (await res.json().catch(() => ({})));
  const took = performance.now() - started;
  await sleep(500);
  running = false;
  reader.postMessage('stop');
  const [{ slowest, slowestAt, reads }] = await Promise.all([readings, sampler]);
  await reader.terminate();
  console.log(
    `${name.padEnd(34)} ${String(res.status).padStart(4)} ${String(answer.code ?? '').padStart(5)}  ` +
      `${(file.length / 1024 / 1024).toFixed(2).padStart(7)} MB  ${took.toFixed(0).padStart(6)} ms  ` +
      `RSS ${before.toFixed(0)} → ${peak.toFixed(0)} MB (+${(peak - before).toFixed(0)})  ` +
      `slowest of ${reads} reads ${slowest.toFixed(1)} ms (${(slowestAt - 300).toFixed(0)} ms after the upload began)  ${answer.errorMsg ?? ''}`,
  );
};

const first = await control.startServer();
await control.stop(first.child);
const token = plantToken();
const { child } = await control.startServer();
try {
  await sleep(3000);
  console.log('attack                             HTTP  code       size     time  memory and reads');
  await attack(child.pid ?? 0, token, 'zip lying about its sizes', lyingZip(), 'export.zip');
  await sleep(2000);
  await attack(child.pid ?? 0, token, '200 MB upload', randomBytes(200 * 1024 * 1024), 'export.xml');
} finally {
  await control.stop(child);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
