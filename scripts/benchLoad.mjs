// The load generator of the benchmarks: `wrk -t2 -c32` when installed (Debian: wrk), else a small
// keep-alive loop in Node (much weaker: it competes with the server for the same cores).
import { spawnSync } from 'node:child_process';
import http from 'node:http';

export const hasWrk = spawnSync('sh', ['-c', 'command -v wrk']).status === 0;

/** @param {string} url @param {number} secs */
const loadWithNode = async (url, secs) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  /** @type {number[]} */
  const latencies = [];
  const until = Date.now() + secs * 1000;
  const worker = async () => {
    while (Date.now() < until) {
      const t = process.hrtime.bigint();
      await new Promise((resolve, reject) =>
        http.get(url, { agent }, (res) => res.resume().on('end', resolve)).on('error', reject),
      );
      latencies.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
  };
  await Promise.all(Array.from({ length: 32 }, worker));
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / secs, p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0 };
};

/** @param {string} url @param {number} secs @param {string[]} [headers] */
export const load = async (url, secs, headers = []) => {
  if (!hasWrk) return loadWithNode(url, secs);
  const args = ['-t2', '-c32', `-d${secs}s`, '--latency'];
  for (const header of headers) args.push('-H', header);
  const out = spawnSync('wrk', [...args, url], { encoding: 'utf8' }).stdout;
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
  const p99raw = /99%\s+([\d.]+)(us|ms|s)/.exec(out);
  const unit = { us: 0.001, ms: 1, s: 1000 };
  const p99 = p99raw ? Number(p99raw[1]) * unit[/** @type {'us'|'ms'|'s'} */ (p99raw[2])] : 0;
  return { rps, p99 };
};
export const tool = hasWrk ? 'wrk -t2 -c32' : 'node loop (install wrk for real figures)';
