// Lighthouse 12 from npm (npx, fetched on first use; not a dependency of the project), run against
// Debian's Chromium: mobile emulation and simulated throttling, its defaults.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/**
 * A time zone whose local time is `hour`:xx now: 03:00 turns dark mode on by the hour, 12:00 leaves
 * it off. (Etc/GMT zones are named with the sign reversed.)
 */
export const zoneShowing = (/** @type {number} */ hour) => {
  const offset = (((hour - new Date().getUTCHours()) % 24) + 24) % 24;
  const signed = offset > 12 ? offset - 24 : offset;
  return signed === 0 ? 'Etc/UTC' : `Etc/GMT${signed > 0 ? '-' : '+'}${Math.abs(signed)}`;
};

/**
 * One Lighthouse run (mobile, simulated throttling): score, TBT and CLS, or null when it failed.
 * @param {string} url @param {{ profile?: string, zone: string }} options
 */
export const lighthouse = (url, { profile, zone }) => {
  const flags = [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    ...(profile ? [`--user-data-dir=${profile}`] : []),
  ];
  // LIGHTHOUSE_REPORTS=<dir> keeps every full report (long tasks, bootup time, main-thread work) and
  // its trace (`<name>-0.trace.json`, Lighthouse's --save-assets) to read where a score went.
  const keep = process.env.LIGHTHOUSE_REPORTS;
  const reportFile = keep
    ? path.join(keep, `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`)
    : null;
  if (keep) fs.mkdirSync(keep, { recursive: true });
  const run = spawnSync(
    'npx',
    [
      '--yes',
      'lighthouse@12',
      url,
      '--only-categories=performance',
      '--output=json',
      `--output-path=${reportFile ?? 'stdout'}`,
      ...(reportFile ? ['--save-assets'] : []),
      '--quiet',
      `--chrome-flags=${flags.join(' ')}`,
      ...(profile ? ['--disable-storage-reset'] : []),
    ],
    {
      encoding: 'utf8',
      env: { ...process.env, CHROME_PATH: chromePath, TZ: zone },
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  if (run.status !== 0) {
    console.error(`lighthouse failed on ${url}: ${(run.stderr || '').trim().split('\n').at(-1)}`);
    return null;
  }
  const report = JSON.parse(reportFile ? fs.readFileSync(reportFile, 'utf8') : run.stdout);
  return {
    score: Math.round((report.categories.performance.score ?? 0) * 100),
    tbt: report.audits['total-blocking-time'].numericValue,
    cls: report.audits['cumulative-layout-shift'].numericValue,
    lcp: report.audits['largest-contentful-paint'].numericValue,
  };
};
