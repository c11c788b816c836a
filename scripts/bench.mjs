#!/usr/bin/env node
// `npm run bench`: measures the budgets of DESIGN §8 and issue 16 on this machine and prints each
// figure beside its target. Benchmarks measure; they never fail a test run.
//
// Side by side (issue 16): every cached public read is answered by our server, by a bare
// `node:http` server holding the very same bytes (body and headers) in memory (with our V8 flags),
// and by nginx (when installed) serving them from files — alternated in one run, with the ratios
// printed. Load comes from `wrk -t2 -c32` when installed (Debian: wrk), else a small keep-alive
// loop in Node (much weaker: ratios only).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { clusterRows } from './benchCluster.mjs';
import { load, tool } from './benchLoad.mjs';
import { compareOnOff } from './benchOnOff.mjs';
import { answersOf, rssMb, serverControl, sleep, startBare, waitFor } from './benchServer.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const portBase = 18_000 + Math.floor(Math.random() * 900);
const port = portBase;
const barePort = portBase + 1;
const nginxPort = portBase + 2;
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'candy-bench-'));
const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);

const { startServer, stop } = serverControl({ env, dataDir, base });

const nginxBin = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));

/** @param {string} manifestKey @returns {{ kb: number, files: number } | null} gzip JS of the entry, its imports and one page chunk */
const jsOf = (manifestKey) => {
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
  if (manifestKey) visit(manifestKey);
  // What index.html hints besides: React DOM, which the entry imports lazily (web/vite.config.ts)
  // but every page loads at once.
  const indexHtml = fs.readFileSync(path.join(root, 'web/dist/index.html'), 'utf8');
  for (const [, file] of indexHtml.matchAll(/<link rel="modulepreload"[^>]* href="\/([^"]+)"/g)) {
    const key = Object.keys(manifest).find((k) => manifest[k].file === file);
    if (key) visit(key);
    else seen.add(file);
  }
  let bytes = 0;
  let files = 0;
  for (const file of seen)
    if (file.endsWith('.js')) {
      files += 1;
      bytes += gzipSync(fs.readFileSync(path.join(root, 'web/dist', file)), { level: 9 }).length;
    }
  return { kb: bytes / 1024, files };
};

/** nginx serving the same bytes as files (one worker: Node answers on one core too). */
const startNginx = async (
  /** @type {Record<string, {body: string, type: string, etag: string, headers: Record<string, string>}>} */ answers,
) => {
  if (!nginxBin) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'candy-bench-nginx-'));
  const locations = Object.entries(answers).map(([url, answer], i) => {
    fs.writeFileSync(path.join(dir, `answer-${i}`), answer.body);
    const [pathname] = url.split('?');
    const extra = Object.entries(answer.headers)
      .filter(([name]) => name !== 'content-type')
      .map(([name, value]) => `add_header ${name} "${value.replace(/"/g, '')}";`)
      .join(' ');
    return `location = ${pathname} { default_type "${answer.type}"; etag off; alias ${dir}/answer-${i}; ${extra} }`;
  });
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(
    conf,
    `worker_processes 1; daemon off; master_process on; pid ${dir}/nginx.pid; error_log ${dir}/error.log error;
     ${process.getuid?.() === 0 ? 'user root;' : ''}
     events { worker_connections 1024; }
     http { access_log off; sendfile on; tcp_nopush on; keepalive_requests 100000;
       client_body_temp_path ${dir}; proxy_temp_path ${dir}; fastcgi_temp_path ${dir}; uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
       server { listen 127.0.0.1:${nginxPort}; ${locations.join('\n')} } }`,
  );
  const child = spawn(nginxBin, ['-p', dir, '-c', conf], { stdio: 'ignore' });
  await waitFor(`http://127.0.0.1:${nginxPort}/`);
  return { child, dir };
};

/**
 * POST /user/knock, one at a time on one kept-alive connection (node:http, not fetch, whose own
 * overhead is about a millisecond): the handshake's cost as a client sees it. The first knock of a
 * fresh process is timed apart; the next five warm it up and are not counted.
 */
const knockTimes = async (/** @type {number} */ count) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const once = (/** @type {string} */ uuid) =>
    new Promise((resolve, reject) => {
      const t = process.hrtime.bigint();
      const req = http.request(
        `${base}/api/user/knock`,
        { method: 'POST', agent, headers: { 'x-uuid': uuid } },
        (res) => {
          res.resume();
          res.on('end', () =>
            res.statusCode === 200
              ? resolve(Number(process.hrtime.bigint() - t) / 1e6)
              : reject(new Error(`knock answered ${res.statusCode}`)),
          );
        },
      );
      req.on('error', reject);
      req.end();
    });
  const first = /** @type {number} */ (await once(`bench-first-${Date.now()}`));
  for (let i = 0; i < 5; i += 1) await once(`bench-warm-${i}-${Date.now()}`);
  /** @type {number[]} */
  const times = [];
  for (let i = 0; i < count; i += 1)
    times.push(/** @type {number} */ (await once(`bench-${i}-${Date.now()}`)));
  agent.destroy();
  times.sort((a, b) => a - b);
  return { first, median: times[Math.floor(times.length / 2)] ?? 0, max: times.at(-1) ?? 0 };
};

/** @type {[string, string, string][]} */
const rows = [];
/** @param {string} what @param {string} value @param {string} target */
const row = (what, value, target) => rows.push([what, value, target]);

spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
const first = await startServer(); // migrates and seeds
await stop(first.child);

const starts = [];
for (let i = 0; i < 2; i += 1) {
  const s = await startServer();
  starts.push(s.ms);
  await stop(s.child);
}
const server = await startServer();
starts.push(server.ms);
await sleep(2000);
const idle = rssMb(/** @type {number} */ (server.child.pid));
row(
  'cold start to first answer (median of 3)',
  `${starts.sort((a, b) => a - b)[1]?.toFixed(0)} ms`,
  '≤ 500 ms',
);
row('idle RSS (no request yet)', `${idle.toFixed(0)} MB`, '≤ 75 MB');

const knock = await knockTimes(40);
row(
  'POST /user/knock (40 in a row after 5 to warm up, client-side time)',
  `median ${knock.median.toFixed(2)} ms, max ${knock.max.toFixed(1)} ms (the process's first: ${knock.first.toFixed(1)} ms)`,
  '< 2 ms',
);

// The cached public reads and the exact bytes our server answers them with.
const reads = ['/api/blog/link', '/api/blog/essay', '/api/system/version', '/api/blog/bangumi'];
const answers = await answersOf(base, reads);
const bare = await startBare(answers, barePort);
const nginx = await startNginx(answers);

/** @type {Record<string, Record<string, {rps: number, p99: number}[]>>} */
const results = {};
for (let round = 0; round < rounds; round += 1) {
  for (const url of Object.keys(answers)) {
    /** @type {Record<string, {rps: number, p99: number}[]>} */
    const into = { ours: [], bare: [], nginx: [] };
    results[url] ??= into;
    const targets = [
      ['ours', `${base}${url}`],
      ['bare', `http://127.0.0.1:${barePort}${url}`],
      ...(nginx ? [['nginx', `http://127.0.0.1:${nginxPort}${url}`]] : []),
    ];
    // Alternate the order between rounds, so neither side always runs on a warmer machine.
    if (round % 2 === 1) targets.reverse();
    for (const [who, target] of targets) results[url]?.[who ?? '']?.push(await load(target ?? '', seconds));
  }
}
const best = (/** @type {{rps: number, p99: number}[]} */ list) =>
  list.length ? list.reduce((a, b) => (b.rps > a.rps ? b : a)) : null;
for (const url of Object.keys(results)) {
  const r = results[url] ?? {};
  const ours = best(r.ours ?? []);
  const bareBest = best(r.bare ?? []);
  const nginxBest = best(r.nginx ?? []);
  if (!ours || !bareBest) continue;
  const parts = [
    `ours ${ours.rps.toFixed(0)} req/s p99 ${ours.p99.toFixed(1)} ms`,
    `bare ${bareBest.rps.toFixed(0)}`,
  ];
  if (nginxBest) parts.push(`nginx ${nginxBest.rps.toFixed(0)}`);
  parts.push(`ours/bare ${(ours.rps / bareBest.rps).toFixed(2)}×`);
  if (nginxBest) parts.push(`ours/nginx ${(ours.rps / nginxBest.rps).toFixed(2)}×`);
  row(`GET ${url} (${tool}, best of ${rounds})`, parts.join(', '), '≥ 0.8× bare, p99 ≤ 10 ms');
}

// What `npm start`'s settings cost: the bare server again, with Node's and glibc's defaults.
const bareDefaults = await startBare(answers, barePort + 10, [], {});
const bareDefaultsLink = await load(`http://127.0.0.1:${barePort + 10}/api/blog/link`, seconds);
await stop(bareDefaults);
const bareLink = best(results['/api/blog/link']?.bare ?? []);
row(
  `GET /api/blog/link, bare node:http with Node's and glibc's defaults (${tool})`,
  `${bareDefaultsLink.rps.toFixed(0)} req/s${bareLink ? ` (as npm start runs: ${bareLink.rps.toFixed(0)})` : ''}`,
  '(what the settings cost)',
);

// Dynamic answers.
const quote = await load(`${base}/api/blog/hitokoto/random?pc=true`, seconds);
const bareVersion = best(results['/api/system/version']?.bare ?? []);
row(
  `GET /api/blog/hitokoto/random (${tool})`,
  `${quote.rps.toFixed(0)} req/s, p99 ${quote.p99.toFixed(1)} ms${bareVersion ? `, ${(quote.rps / bareVersion.rps).toFixed(2)}× bare` : ''}`,
  'like other public reads',
);
const page = await load(`${base}/chaos`, seconds, ['accept-encoding: br']);
row(
  `GET /chaos server-rendered, br (${tool})`,
  `${page.rps.toFixed(0)} req/s, p99 ${page.p99.toFixed(1)} ms`,
  '(no target)',
);
const warm = rssMb(/** @type {number} */ (server.child.pid));
row('RSS after the load above', `${warm.toFixed(0)} MB`, '(no target)');

// Browser figures (Lighthouse is not installed here): scripts/pagePerf.mjs measures CLS, TBT and
// JS in Chromium against the running server.
const perf = spawnSync(process.execPath, [path.join(root, 'scripts/pagePerf.mjs'), '--bench', base], {
  encoding: 'utf8',
});
if (perf.status === 0)
  for (const line of perf.stdout.trim().split('\n'))
    rows.push(/** @type {[string, string, string]} */ (JSON.parse(line)));
else row('page figures in Chromium', `not measured: ${(perf.stderr || '').trim().split('\n').at(-1)}`, '');

// Issue 39: idle RSS in every state and the four reads against bare node:http, in a run of their own.
const lean = spawnSync(process.execPath, [path.join(root, 'scripts/benchLean.mjs'), '--bench'], {
  encoding: 'utf8',
});
if (lean.status === 0)
  for (const line of lean.stdout.trim().split('\n'))
    rows.push(/** @type {[string, string, string]} */ (JSON.parse(line)));
else
  row(
    'memory in every state, reads against bare',
    `not measured: ${(lean.stderr || '').trim().split('\n').at(-1)}`,
    '',
  );

// Issue 46.1: the offline snapshot's search index and what one query of it costs a visitor.
const search = spawnSync(process.execPath, [path.join(root, 'scripts/benchOfflineSearch.mjs'), '--bench'], {
  encoding: 'utf8',
});
if (search.status === 0)
  for (const line of search.stdout.trim().split('\n'))
    rows.push(/** @type {[string, string, string]} */ (JSON.parse(line)));
else row('offline search index', `not measured: ${(search.stderr || '').trim().split('\n').at(-1)}`, '');

// Pictures and Lighthouse (issue 30), against a server of their own: scripts/benchPictures.mjs.
const pictures = spawnSync(process.execPath, [path.join(root, 'scripts/benchPictures.mjs'), '--bench'], {
  encoding: 'utf8',
});
if (pictures.status === 0)
  for (const line of pictures.stdout.trim().split('\n'))
    rows.push(/** @type {[string, string, string]} */ (JSON.parse(line)));
else row('pictures and Lighthouse', `not measured: ${(pictures.stderr || '').trim().split('\n').at(-1)}`, '');

await stop(server.child);
await stop(bare);
if (nginx) {
  await stop(nginx.child);
  fs.rmSync(nginx.dir, { recursive: true, force: true });
}

// The first screen of /chaos: the essays are in the HTML, so no script comes before them.
const chaos = jsOf('src/pages/public/chaos/index.tsx');
row(
  'JS before the first essay text of /chaos',
  '0 KB, 0 requests (server-rendered HTML)',
  '≤ 60 KB, ≤ 6 requests',
);
if (chaos)
  row(
    'JS that hydrates /chaos (gzip: entry + page chunks)',
    `${chaos.kb.toFixed(1)} KB in ${chaos.files} files`,
    '≤ 100 KB (DESIGN §8)',
  );
const moments = jsOf('src/pages/public/moments/Statistics.tsx');
const entryOnly = jsOf('');
if (moments && entryOnly)
  row(
    '/moments charts chunk (gzip, beyond the entry)',
    `${(moments.kb - entryOnly.kb).toFixed(1)} KB`,
    'was ≈ 191 KB (ECharts)',
  );

// Recording and log files on / off (issues 13 and 12), in scripts/benchOnOff.mjs.
for (const [what, value, target] of await compareOnOff({ base, env, startServer, stop }))
  row(what, value, target);

// Several replicas behind nginx (issue 28), in scripts/benchCluster.mjs.
try {
  rows.push(...(await clusterRows({ root, seconds })));
} catch (error) {
  row('reads through nginx with 1, 2 and 3 replicas', `not measured: ${String(error).split('\n')[0]}`, '');
}

console.log('\nBudgets on this machine (DESIGN §8, issue 16):');
for (const [what, value, target] of rows)
  console.log(`  ${what.padEnd(58)} ${String(value).padEnd(60)} target ${target}`);
if (!process.env.BENCH_KEEP) fs.rmSync(dataDir, { recursive: true, force: true });
