// What the benchmarks share: our built server started and stopped as `npm start` runs it, a bare
// `node:http` server answering the same bytes from memory (the yardstick of DESIGN §8), and the
// resident memory of a process.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** @param {number} ms */
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** @param {string} url */
export const waitFor = async (url) => {
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok || res.status === 404) return;
    } catch {
      await sleep(2);
    }
  }
};

/**
 * How `npm start` runs Node, read from its script in package.json so the two cannot drift: the
 * environment it sets (glibc's heap tunables, which must be in place before the process starts)
 * and the V8 flags (a 1 MB young generation keeps idle memory low and costs throughput: more
 * frequent collections). The bare server runs with both too, so the ratio measures our work per
 * request, not a memory setting both could choose.
 */
const startWords = /** @type {string} */ (
  JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.start
).split(/\s+/);
const nodeAt = startWords.indexOf('node');
/** @type {Record<string, string>} */
export const startEnv = Object.fromEntries(
  startWords
    .slice(0, nodeAt)
    .map((word) => [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)]),
);
export const nodeFlags = startWords.slice(nodeAt + 1).filter((word) => word.startsWith('--'));

/** Children being stopped on purpose (their exit is no news). */
const stopping = new WeakSet();

/**
 * Starts and stops `server/dist/main.js` with `env` (its DATA_DIR and PORT), logging to
 * `dataDir/server.log`; a start resolves once the API answers, with the time it took.
 * @param {{ env: NodeJS.ProcessEnv, dataDir: string, base: string }} options
 */
export const serverControl = ({ env, dataDir, base }) => ({
  startServer: async () => {
    const started = process.hrtime.bigint();
    const log = fs.openSync(path.join(dataDir, 'server.log'), 'a');
    const child = spawn(process.execPath, [...nodeFlags, path.join(root, 'server/dist/main.js')], {
      env: { ...env, ...startEnv },
      stdio: ['ignore', log, log],
    });
    child.once('exit', (code, signal) => {
      if (!stopping.has(child))
        console.error(`server exited (${code ?? signal}); see ${path.join(dataDir, 'server.log')}`);
    });
    await waitFor(`${base}/api/system/version`);
    return { child, ms: Number(process.hrtime.bigint() - started) / 1e6 };
  },
  /** @param {import('node:child_process').ChildProcess} child */
  stop: async (child) => {
    stopping.add(child);
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  },
});

/** @param {number} pid */
export const rssMb = (pid) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

/** @typedef {Record<string, {body: string, type: string, etag: string, headers: Record<string, string>}>} Answers */

/**
 * A bare node:http server answering each path with the given bytes (and the very headers our
 * server sent: security headers, ETag, Vary…) from memory.
 * @param {Answers} answers @param {number} listenPort @param {string[]} [flags] @param {Record<string, string>} [env]
 */
export const startBare = async (answers, listenPort, flags = nodeFlags, env = startEnv) => {
  const script = `
    const http = require('node:http');
    const answers = ${JSON.stringify(answers)};
    const bodies = Object.fromEntries(Object.entries(answers).map(([k, v]) => [k, Buffer.from(v.body)]));
    http.createServer((req, res) => {
      const a = answers[req.url];
      if (!a) { res.statusCode = 404; return res.end(); }
      res.writeHead(200, a.headers);
      res.end(bodies[req.url]);
    }).listen(${listenPort}, '127.0.0.1');`;
  const child = spawn(process.execPath, [...flags, '-e', script], {
    env: { ...process.env, ...env },
    stdio: 'ignore',
  });
  await waitFor(`http://127.0.0.1:${listenPort}/`);
  return child;
};

/**
 * Our server's answer to each URL (uncompressed), to be served by the bare server.
 * @param {string} base @param {string[]} urls @returns {Promise<Answers>}
 */
export const answersOf = async (base, urls) => {
  /** @type {Answers} */
  const answers = {};
  for (const url of urls) {
    const res = await fetch(`${base}${url}`, { headers: { 'accept-encoding': 'identity' } });
    if (!res.ok) continue;
    /** @type {Record<string, string>} */
    const headers = {};
    for (const [name, value] of res.headers)
      if (!['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name))
        headers[name] = value;
    answers[url] = {
      headers,
      body: await res.text(),
      type: res.headers.get('content-type') ?? 'application/json',
      etag: res.headers.get('etag') ?? '',
    };
  }
  return answers;
};
