#!/usr/bin/env node
// The bench's cluster row (issue 28): public reads per second and p99 through nginx with 1, 2 and 3
// replicas on PostgreSQL + S3 (the cluster starter of `npm run cluster`), beside one process on
// SQLite measured the same way just before. `npm run bench` prints it with the other rows;
// `node scripts/benchCluster.mjs` (after `npm run build`) prints it alone.
// On a 2-core machine the replicas, nginx, PostgreSQL and the load generator share the same cores, so
// more replicas cannot mean more reads here; the row shows what nginx and PostgreSQL cost.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { load, tool } from './benchLoad.mjs';
import { nodeFlags, startEnv } from './benchServer.mjs';
import { loadClusterLauncher } from './clusterLauncher.mjs';

const READ = '/api/blog/link';

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** @param {string} url */
const waitReady = async (url) => {
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  throw new Error(`${url} never answered`);
};

/**
 * A first start seeds the demo and makes its pictures and clip in the background: the measured run
 * waits that out and warms up first, so it measures answering reads.
 */
const settleAndMeasure = async (/** @type {string} */ url, /** @type {number} */ seconds) => {
  await sleep(5000);
  await load(url, 2);
  return load(url, seconds);
};

/** One process on SQLite, as `npm start` runs it (no nginx), answering the same read. */
const measureSingle = async (/** @type {string} */ root, /** @type {number} */ seconds) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'candy-bench-single-'));
  const port = 19_000 + Math.floor(Math.random() * 900);
  const { DATABASE_URL: _postgres, ...env } = process.env;
  const start = () =>
    spawn(process.execPath, [...nodeFlags, path.join(root, 'server/dist/main.js')], {
      env: { ...env, ...startEnv, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: 'ignore',
    });
  const stop = async (/** @type {import('node:child_process').ChildProcess} */ child) => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  };
  try {
    const seeding = start(); // migrates and seeds
    await waitReady(`http://127.0.0.1:${port}${READ}`);
    await stop(seeding);
    const child = start();
    try {
      await waitReady(`http://127.0.0.1:${port}${READ}`);
      return await settleAndMeasure(`http://127.0.0.1:${port}${READ}`, seconds);
    } finally {
      await stop(child);
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
};

/**
 * @param {{ root: string, seconds: number, replicaCounts?: number[] }} options
 * @returns {Promise<[string, string, string][]>} rows: what, value, target
 */
export const clusterRows = async ({ root, seconds, replicaCounts = [1, 2, 3] }) => {
  const single = await measureSingle(root, seconds);
  const { startCluster, dispose } = await loadClusterLauncher(root);
  /** @type {string[]} */
  const parts = [];
  try {
    for (const replicas of replicaCounts) {
      const cluster = await startCluster({ replicas, root, env: { LOG_LEVEL: 'warn' } });
      try {
        await waitReady(`${cluster.url}${READ}`);
        const figure = await settleAndMeasure(`${cluster.url}${READ}`, seconds);
        parts.push(`${replicas}: ${figure.rps.toFixed(0)} req/s p99 ${figure.p99.toFixed(1)} ms`);
      } finally {
        await cluster.stop();
      }
    }
  } finally {
    dispose();
  }
  return [
    [
      `GET ${READ} through nginx, replicas on PostgreSQL + S3 (${tool})`,
      `${parts.join(' · ')} | one process on SQLite, no nginx: ${single.rps.toFixed(0)} req/s p99 ${single.p99.toFixed(1)} ms`,
      '(no target: 2 cores shared by all)',
    ],
  ];
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  for (const [what, value, target] of await clusterRows({ root, seconds }))
    console.log(`  ${what}\n    ${value}\n    target ${target}`);
}
