#!/usr/bin/env node
// Page figures in Chromium (Lighthouse is not installed here and there is no internet): for each
// public page, as a phone (390×844, 4× CPU slowdown through the DevTools protocol): CLS from
// layout-shift entries, a TBT approximation (long tasks' time beyond 50 ms, from the first paint
// until the page is idle), FCP, LCP, and the JavaScript transferred (bytes on the wire, requests).
// `node scripts/pagePerf.mjs <base-url>`; `--bench` prints rows for scripts/bench.mjs.
import { chromium } from 'playwright-core';

const args = process.argv.slice(2);
const bench = args.includes('--bench');
const base = args.find((a) => a.startsWith('http')) ?? process.env.BENCH_BASE ?? 'http://127.0.0.1:8080';
const pages = ['/chaos', '/about', '/pastel-memories', '/home', '/moments'];

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});

/** @param {string} path */
const measure = async (path) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent:
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  });
  // Midday: the app turns dark by itself at night; measure the ordinary page.
  const page = await context.newPage();
  await page.clock.setFixedTime(new Date(new Date().setHours(12, 0, 0, 0)));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  let jsBytes = 0;
  let jsRequests = 0;
  let requests = 0;
  /** @type {Map<string, string>} */
  const types = new Map();
  cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
  cdp.on('Network.loadingFinished', (e) => {
    requests += 1;
    if (types.get(e.requestId) === 'Script') {
      jsRequests += 1;
      jsBytes += e.encodedDataLength;
    }
  });
  // Plain strings: these run in the page, not in Node.
  await page.addInitScript({
    content: `
      window.__perf = { cls: 0, longTasks: [], lcp: 0 };
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (!e.hadRecentInput) window.__perf.cls += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__perf.longTasks.push([e.startTime, e.duration]);
      }).observe({ type: 'longtask', buffered: true });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__perf.lcp = e.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });`,
  });
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500);
  /** @type {{ cls: number, tbt: number, fcp: number, lcp: number }} */
  const result = await page.evaluate(`(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
    const tbt = window.__perf.longTasks
      .filter(([start]) => start >= fcp)
      .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
    return { cls: window.__perf.cls, tbt, fcp, lcp: window.__perf.lcp };
  })()`);
  await context.close();
  return { ...result, jsKb: jsBytes / 1024, jsRequests, requests };
};

/** @type {[string, string, string][]} */
const rows = [];
for (const path of pages) {
  // Median of three runs, by TBT.
  const runs = [];
  for (let i = 0; i < 3; i += 1) runs.push(await measure(path));
  runs.sort((a, b) => a.tbt - b.tbt);
  const r = runs[1] ?? runs[0];
  if (!r) continue;
  rows.push([
    `${path} in Chromium (phone, 4× CPU, median of 3)`,
    `CLS ${r.cls.toFixed(3)}, TBT≈${r.tbt.toFixed(0)} ms, ${r.fcp > 0 ? `FCP ${r.fcp.toFixed(0)} ms, ` : ''}LCP ${r.lcp.toFixed(0)} ms, JS ${r.jsKb.toFixed(1)} KB/${r.jsRequests} req`,
    'CLS ≤ 0.02, TBT ≤ 100 ms',
  ]);
}
await browser.close();
if (bench) for (const r of rows) console.log(JSON.stringify(r));
else
  for (const [what, value, target] of rows)
    console.log(`${what.padEnd(50)} ${value.padEnd(80)} target ${target}`);
