// Part of `npm run bench`: the same public read with a feature off and on, for the features that
// must not cost visitors measurably — visitor analytics (issue 13) and log files (issue 12).
import http from 'node:http';

/**
 * A keep-alive load whose every request carries its own headers (a visitor's X-Uuid and X-Referrer
 * differ per call, which wrk cannot do).
 * @param {string} url @param {number} secs @param {() => Record<string, string>} headers
 */
const loadWithHeaders = async (url, secs, headers) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  let done = 0;
  /** @type {number[]} */
  const latencies = [];
  const until = Date.now() + secs * 1000;
  const worker = async () => {
    while (Date.now() < until) {
      const t = process.hrtime.bigint();
      await new Promise((resolve, reject) =>
        http
          .get(url, { agent, headers: headers() }, (res) => res.resume().on('end', resolve))
          .on('error', reject),
      );
      latencies.push(Number(process.hrtime.bigint() - t) / 1e6);
      done += 1;
    }
  };
  await Promise.all(Array.from({ length: 32 }, worker));
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { rps: done / secs, p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0 };
};

/**
 * Off, on, off, on, keeping each side's best run (the machine is shared: one run is noise).
 * @param {{ base: string, env: Record<string, string | undefined>, startServer: () => Promise<{ child: import('node:child_process').ChildProcess }>, stop: (child: import('node:child_process').ChildProcess) => Promise<void> }} deps
 * @param {{ label: string, settings: (on: boolean) => Record<string, string>, headers: () => Record<string, string> }} feature
 */
const offAndOn = async (deps, feature) => {
  const url = `${deps.base}/api/blog/essay`;
  /** @type {Record<string, number>} */
  const rps = {};
  for (const on of [false, true, false, true]) {
    const saved = { ...deps.env };
    Object.assign(deps.env, feature.settings(on));
    const s = await deps.startServer();
    await loadWithHeaders(url, 2, feature.headers); // warm-up
    const result = await loadWithHeaders(url, 6, feature.headers);
    rps[String(on)] = Math.max(rps[String(on)] ?? 0, result.rps);
    console.log(
      `  GET /api/blog/essay, ${feature.label} ${on ? 'on ' : 'off'} (node loop)`.padEnd(62),
      `${result.rps.toFixed(0)} req/s, p99 ${result.p99.toFixed(1)} ms`,
    );
    await deps.stop(s.child);
    for (const key of Object.keys(deps.env)) if (!(key in saved)) delete deps.env[key];
    Object.assign(deps.env, saved);
  }
  return (rps.true ?? 0) / (rps.false || 1);
};

/**
 * The rows for the bench's table.
 * @param {Parameters<typeof offAndOn>[0]} deps
 * @returns {Promise<[string, string, string][]>}
 */
export const compareOnOff = async (deps) => {
  // Visitors as they call: X-Uuid from 500 devices, X-Referrer = the page they are on plus an outside
  // referrer; a visitor moves to another page every 10 of its calls (about one new page view in ten).
  let n = 0;
  const visitorHeaders = () => {
    n += 1;
    const page = Math.floor(n / 5000) % 7;
    return { 'x-uuid': `bench-visitor-${n % 500}`, 'x-referrer': `/chaos/${page} https://www.example.com/` };
  };
  const analytics = await offAndOn(deps, {
    label: 'analytics recording',
    settings: (on) => ({ ANALYTICS_RECORDING: String(on) }),
    headers: visitorHeaders,
  });
  // At LOG_LEVEL=info every read writes a request line; standard output goes to server.log either way.
  const logFiles = await offAndOn(deps, {
    label: 'LOG_LEVEL=info, log files',
    settings: (on) => ({ LOG_LEVEL: 'info', LOG_FILES: String(on) }),
    headers: visitorHeaders,
  });
  /** @param {number} ratio */
  const percent = (ratio) => `${(ratio * 100).toFixed(1)} %`;
  return [
    ['analytics recording on / off, GET /api/blog/essay (best of two)', percent(analytics), '≥ 90 %'],
    ['log files on / off at LOG_LEVEL=info, GET /api/blog/essay (best of two)', percent(logFiles), '≥ 95 %'],
  ];
};
