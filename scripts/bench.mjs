#!/usr/bin/env node
// `npm run bench`: measures the DESIGN §8 budgets on this machine and prints them beside the budget.
// Benchmarks measure; they never fail a test run. Uses `wrk` when installed (Debian: wrk), else a
// small keep-alive load loop in Node.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = 18_000 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'candy-bench-'));
const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' };

/** @param {number} ms */
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const startServer = async () => {
  const started = process.hrtime.bigint();
  // The same V8 flag `npm start` runs with (package.json): a 1 MB young generation keeps idle memory low.
  const child = spawn(process.execPath, ['--max-semi-space-size=1', path.join(root, 'server/dist/main.js')], {
    env,
    stdio: 'ignore',
  });
  for (;;) {
    try {
      const res = await fetch(`${base}/api/system/version`);
      if (res.ok) break;
    } catch {
      await sleep(2);
    }
  }
  return { child, ms: Number(process.hrtime.bigint() - started) / 1e6 };
};

/** @param {import('node:child_process').ChildProcess} child */
const stop = async (child) => {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
};

/** @param {number} pid */
const rssMb = (pid) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

/** @param {string} url @param {number} seconds @param {() => Record<string, string>} [headers] */
const loadWithNode = async (url, seconds, headers) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  /** @type {number[]} */
  const latencies = [];
  const until = Date.now() + seconds * 1000;
  const worker = async () => {
    while (Date.now() < until) {
      const t = process.hrtime.bigint();
      await new Promise((resolve, reject) =>
        http
          .get(url, { agent, headers: headers?.() }, (res) => res.resume().on('end', resolve))
          .on('error', reject),
      );
      latencies.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
  };
  await Promise.all(Array.from({ length: 32 }, worker));
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / seconds,
    p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
    tool: 'node loop',
  };
};

/** @param {string} url @param {number} seconds */
const load = async (url, seconds) => {
  if (spawnSync('sh', ['-c', 'command -v wrk']).status !== 0) return loadWithNode(url, seconds);
  const out = spawnSync('wrk', ['-t2', '-c32', `-d${seconds}s`, '--latency', url], {
    encoding: 'utf8',
  }).stdout;
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
  const p99raw = /99%\s+([\d.]+)(us|ms|s)/.exec(out);
  const unit = { us: 0.001, ms: 1, s: 1000 };
  const p99 = p99raw ? Number(p99raw[1]) * unit[/** @type {'us'|'ms'|'s'} */ (p99raw[2])] : 0;
  return { rps, p99, tool: 'wrk -t2 -c32' };
};

/** First-load JS of a route: the entry chunk, its static imports and the route's page chunk (Vite manifest). */
/** @param {string} pageSource */
const firstLoadKb = (pageSource) => {
  const manifestFile = path.join(root, 'web/dist/.vite/manifest.json');
  if (!fs.existsSync(manifestFile)) return null;
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const seen = new Set();
  const visit = (/** @type {string} */ key) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) return;
    seen.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (entry) visit(entry);
  visit(pageSource);
  let bytes = 0;
  for (const file of seen)
    if (file.endsWith('.js'))
      bytes += gzipSync(fs.readFileSync(path.join(root, 'web/dist', file)), { level: 9 }).length;
  return bytes / 1024;
};

spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
const first = await startServer(); // migrates and seeds
await stop(first.child);

// `npm run bench -- --analytics` measures only the analytics recording comparison below.
const analyticsOnly = process.argv.includes('--analytics');
const starts = [];
for (let i = 0; i < (analyticsOnly ? 0 : 3); i += 1) {
  const s = await startServer();
  starts.push(s.ms);
  if (i < 2) await stop(s.child);
  else {
    await sleep(2000);
    const idle = rssMb(/** @type {number} */ (s.child.pid));
    /** @type {[string, string, string][]} */
    const rows = [
      [
        'cold start to first answer (median of 3)',
        `${starts.sort((a, b) => a - b)[1]?.toFixed(0)} ms`,
        '≤ 500 ms',
      ],
    ];
    rows.push(['idle RSS', `${idle.toFixed(0)} MB`, '≤ 80 MB']);
    for (const route of ['/api/blog/link', '/api/blog/essay', '/api/system/version']) {
      const probe = await fetch(`${base}${route}`);
      if (!probe.ok) continue;
      const result = await load(`${base}${route}`, 8);
      rows.push([
        `GET ${route} (${result.tool})`,
        `${result.rps.toFixed(0)} req/s, p99 ${result.p99.toFixed(1)} ms`,
        '≥ 25k req/s, p99 ≤ 10 ms',
      ]);
    }
    await stop(s.child);
    const kb = firstLoadKb('src/pages/public/chaos/index.tsx');
    rows.push([
      'first-load JS for /chaos (gzip)',
      kb === null ? 'n/a (no Vite manifest)' : `${kb.toFixed(1)} KB`,
      '≤ 100 KB',
    ]);
    console.log('\nDESIGN §8 budgets on this machine:');
    for (const [what, value, budget] of rows)
      console.log(`  ${what.padEnd(52)} ${String(value).padEnd(34)} budget ${budget}`);
  }
}

// Visitor analytics (issue 13): the same public read with recording off and on, as visitors send it
// (X-Uuid from 500 devices, X-Referrer = the page they are on plus an outside referrer; a visitor
// moves to another page every 10 of its calls, so about one call in ten is a new page view).
{
  let n = 0;
  const visitorHeaders = () => {
    n += 1;
    const page = Math.floor(n / 5000) % 7;
    return { 'x-uuid': `bench-visitor-${n % 500}`, 'x-referrer': `/chaos/${page} https://www.example.com/` };
  };
  /** @type {Record<string, number>} */
  const rps = {};
  // Off, on, off, on, keeping each side's best run: the machine is shared, one run is noise.
  for (const recording of ['false', 'true', 'false', 'true']) {
    Object.assign(env, { ANALYTICS_RECORDING: recording });
    const s = await startServer();
    await loadWithNode(`${base}/api/blog/essay`, 2, visitorHeaders); // warm-up
    const result = await loadWithNode(`${base}/api/blog/essay`, 6, visitorHeaders);
    rps[recording] = Math.max(rps[recording] ?? 0, result.rps);
    console.log(
      `  GET /api/blog/essay, analytics recording ${recording === 'true' ? 'on ' : 'off'} (node loop)`.padEnd(
        55,
      ),
      `${result.rps.toFixed(0)} req/s, p99 ${result.p99.toFixed(1)} ms`,
    );
    await stop(s.child);
  }
  const ratio = (rps.true ?? 0) / (rps.false || 1);
  console.log(
    `  recording on / off (best of two each): ${(ratio * 100).toFixed(1)} %`.padEnd(56),
    'budget ≥ 90 %',
  );
}
fs.rmSync(dataDir, { recursive: true, force: true });
