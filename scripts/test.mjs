#!/usr/bin/env node
// `npm test`: every check `.ci/run` makes, on both cores (issue 39: the whole CI in ≤ 20 minutes).
//
//   1. at once: typecheck (incremental across clean clones: scripts/typecheck.mjs) · lint + format
//      check · the unit tests (they need no build) · the build the browser and cluster tests run ·
//      Node 24 made ready (CI only; fetched and compiled once per machine)
//   2. two lanes side by side, each one vitest worker:
//        browser  e2e (the specs that share one server) → cluster → e2e:own-server's axe walk
//        server   server:sqlite (on Node 24 in CI) → server:postgres →
//                 e2e:own-server (the other specs that start their own servers)
//      The browser lane keeps about one core busy (Chromium, its server, waits on real clocks);
//      the server lane the other.
//   3. the query-site check: every SQL statement the SQLite pass ran also ran on PostgreSQL
//      (scripts/querySites.mjs; the PostgreSQL pass runs only server/test/postgresSuite.json).
//
// Each line of a lane's output is prefixed with the lane's name; the end prints every layer's wall
// time and the tests counted. Stops at the first failing step (a failing lane ends the other).
// `npm test -- ARGS` runs `vitest run ARGS` alone, as before.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** @param {string} name */
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const node = process.execPath;
const args = process.argv.slice(2);
const started = Date.now();
/** The machine's busy and total CPU seconds so far (Linux), to say how saturated the run was. */
const machineCpu = () => {
  if (!fs.existsSync('/proc/stat')) return null;
  const ticks = (fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '')
    .split(/\s+/)
    .slice(1, 9)
    .map(Number);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  const total = ticks.reduce((sum, n) => sum + n, 0);
  return { busy: (total - idle) / 100, total: total / 100 };
};
const cpuAtStart = machineCpu();

/** @typedef {{ title: string, command: string, args: string[], env?: Record<string, string> }} Step */
/** @type {{ title: string, seconds: number, cpu: number | null, passed: number, failed: number, skipped: number }[]} */
const table = [];
const timeBin = ['/usr/bin/time'].find((candidate) => fs.existsSync(candidate));
/** User + system seconds GNU time wrote, or null. @param {string | null} file */
const cpuOf = (file) => {
  if (!file || !fs.existsSync(file)) return null;
  const [user, system] =
    fs.readFileSync(file, 'utf8').trim().split('\n').at(-1)?.split(' ').map(Number) ?? [];
  fs.rmSync(file, { force: true });
  return Number.isFinite(user) && Number.isFinite(system) ? (user ?? 0) + (system ?? 0) : null;
};
/** @type {Set<import('node:child_process').ChildProcess>} */
const running = new Set();

/**
 * Runs one step, its output prefixed; resolves with its exit code.
 * @param {Step} step @param {string} prefix
 */
const run = (step, prefix) =>
  new Promise((resolve) => {
    const begun = Date.now();
    // GNU time, where installed, reports the CPU the step and every process it waited for used: on
    // two cores the suite's wall time follows the CPU both lanes ask for (issue 39).
    const cpuFile = timeBin
      ? path.join(os.tmpdir(), `candy-cpu-${process.pid}-${begun}-${Math.random()}`)
      : null;
    /** @type {[string, string[]]} */
    const [command, args] =
      timeBin && cpuFile
        ? [timeBin, ['-q', '-f', '%U %S', '-o', cpuFile, step.command, ...step.args]]
        : [step.command, step.args];
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...step.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.add(child);
    let tail = '';
    const counts = { passed: 0, failed: 0, skipped: 0 };
    /** @param {NodeJS.WriteStream} out */
    const relay = (out) => {
      let partial = '';
      return (/** @type {Buffer} */ chunk) => {
        const lines = (partial + chunk.toString()).split('\n');
        partial = lines.pop() ?? '';
        for (const line of lines) {
          out.write(prefix ? `${prefix} ${line}\n` : `${line}\n`);
          tail = `${tail}${line}\n`.slice(-4000);
          // Vitest's summary: "Tests  2 failed | 1257 passed | 1 skipped (1260)".
          // biome-ignore lint/suspicious/noControlCharactersInRegex: vitest colours its summary
          const plain = line.replace(/\u001b\[[0-9;]*m/g, '');
          const summary = /^\s*Tests\s+(.*)\(\d+\)\s*$/.exec(plain);
          if (summary)
            for (const [, n, what] of (summary[1] ?? '').matchAll(/(\d+) (passed|failed|skipped)/g))
              counts[/** @type {'passed' | 'failed' | 'skipped'} */ (what)] += Number(n);
        }
      };
    };
    child.stdout.on('data', relay(process.stdout));
    child.stderr.on('data', relay(process.stderr));
    child.on('close', (code, signal) => {
      running.delete(child);
      table.push({ title: step.title, seconds: (Date.now() - begun) / 1000, cpu: cpuOf(cpuFile), ...counts });
      if (code !== 0 && !stopping)
        console.error(`\n✗ ${step.title} failed (${signal ?? `exit ${code}`}); its last lines:\n${tail}`);
      resolve(code ?? 1);
    });
  });

let stopping = false;
const fail = () => {
  stopping = true;
  for (const child of running) child.kill('SIGTERM');
  printTable();
  process.exit(1);
};

/** Steps one after the other; the first failure fails everything. @param {string} prefix @param {Step[]} steps */
const lane = async (prefix, steps) => {
  for (const step of steps) {
    if (stopping) return;
    console.log(`${prefix} ▶ ${step.title}`);
    if ((await run(step, prefix)) !== 0) fail();
    else console.log(`${prefix} ✓ ${step.title}`);
  }
};

const printTable = () => {
  console.log('\nwall time per layer (lanes run side by side), and the CPU each used:');
  for (const row of table) {
    const tests = row.passed + row.failed > 0 ? `  ${row.passed} passed, ${row.failed} failed` : '';
    const cpu = row.cpu === null ? '' : `  cpu ${row.cpu.toFixed(0).padStart(5)} s`;
    console.log(`  ${row.title.padEnd(34)} ${row.seconds.toFixed(1).padStart(7)} s${cpu}${tests}`);
  }
  console.log(`  ${'total'.padEnd(34)} ${((Date.now() - started) / 1000).toFixed(1).padStart(7)} s`);
  const now = machineCpu();
  if (cpuAtStart && now) {
    const busy = now.busy - cpuAtStart.busy;
    const share = (100 * busy) / (now.total - cpuAtStart.total);
    console.log(
      `  the machine's CPU: ${busy.toFixed(0)} s busy of ${os.cpus().length} cores, ${share.toFixed(0)} % of the time`,
    );
  }
  const passed = table.reduce((sum, row) => sum + row.passed, 0);
  const failed = table.reduce((sum, row) => sum + row.failed, 0);
  const skipped = table.reduce((sum, row) => sum + row.skipped, 0);
  console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
};

const vitest = (/** @type {string} */ title, /** @type {string[]} */ extra, env = {}) => ({
  title,
  command: bin('vitest'),
  args: ['run', '--maxWorkers=1', ...extra],
  env,
});

if (args.length > 0) {
  // A chosen part: vitest alone, as the README's one-layer commands.
  process.exit(await run({ title: 'vitest', command: bin('vitest'), args: ['run', ...args] }, ''));
}

const ci = process.env.CI === 'true';
const node24 = ci || process.env.TEST_NODE24 === '1';
// As vitest.config.ts decides: a layer whose tool is missing is skipped (loudly) unless CI=true.
const pgBin = fs.existsSync('/usr/lib/postgresql')
  ? fs.readdirSync('/usr/lib/postgresql').some((v) => fs.existsSync(`/usr/lib/postgresql/${v}/bin/initdb`))
  : false;
const havePostgres = ci || Boolean(process.env.TEST_DATABASE_URL) || pgBin;
// As e2e/support/chromePath.ts: CHROME_PATH, the headless shell, or the full browser.
const haveChromium =
  ci ||
  [process.env.CHROME_PATH, '/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].some(
    (candidate) => candidate && fs.existsSync(candidate),
  );
const haveNginx =
  ci || ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'].some((p) => fs.existsSync(p));
/**
 * The e2e:own-server specs the browser lane runs (the server lane runs the others): the axe walk,
 * and the key-expiry spec, which mostly waits on clocks (ci39: the server lane ended ≈ 75 s after
 * the browser lane, one core idle meanwhile).
 */
const browserLaneSpecs = ['e2e/tests/a11y-axe.spec.ts', 'e2e/tests/auth-expiry.spec.ts'];
const sites = fs.mkdtempSync(path.join(os.tmpdir(), 'candy-query-sites-'));
const recording = { CANDY_QUERY_SITES: sites };

await Promise.all([
  lane('[typecheck]', [
    { title: 'typecheck', command: node, args: [path.join(root, 'scripts/typecheck.mjs')] },
  ]),
  lane('[lint]', [
    { title: 'lint + format', command: bin('biome'), args: ['ci', '--reporter=summary', '.'] },
  ]),
  // Beside the build, whose single-threaded tail leaves a core half idle. Not the server lane's
  // files: started this early, beside a cold typecheck, a real AVIF encode once passed its timeout.
  lane('[unit]', [vitest('unit', ['--project', 'unit'])]),
  lane('[build]', [
    { title: 'build (web app, server)', command: node, args: [path.join(root, 'scripts/build.mjs')] },
    ...(node24
      ? [
          {
            title: 'Node 24 ready',
            command: node,
            args: [path.join(root, 'scripts/node24.mjs'), '--prepare'],
          },
        ]
      : []),
  ]),
]);

await Promise.all([
  lane('[browser]', [
    ...(haveChromium ? [vitest('e2e', ['--project', 'e2e'])] : []),
    ...(havePostgres && haveNginx ? [vitest('cluster', ['--project', 'cluster'])] : []),
    // The axe walk of its own server's pages ends this lane, not the server lane: the server lane
    // was ≈ 165 s longer (ci26), and the machine's second core idled while it finished alone.
    ...(haveChromium
      ? [
          vitest('e2e:own-server (axe walk, key expiry)', [
            '--project',
            'e2e:own-server',
            ...browserLaneSpecs,
          ]),
        ]
      : []),
  ]),
  lane('[server]', [
    node24
      ? {
          title: 'server:sqlite on Node 24',
          command: node,
          args: [path.join(root, 'scripts/node24.mjs'), '--maxWorkers=1', '--project', 'server:sqlite'],
          env: recording,
        }
      : vitest('server:sqlite', ['--project', 'server:sqlite'], recording),
    ...(havePostgres ? [vitest('server:postgres', ['--project', 'server:postgres'], recording)] : []),
    // Here, so both lanes end at about the same time (measured: e2e ≈ 530 s + cluster ≈ 80 s against
    // ≈ 220 + 30 + 140 s before these specs).
    ...(haveChromium
      ? [
          vitest('e2e:own-server', [
            '--project',
            'e2e:own-server',
            ...browserLaneSpecs.flatMap((spec) => ['--exclude', spec]),
          ]),
        ]
      : []),
  ]),
]);

if (havePostgres)
  await lane('[sites]', [
    {
      title: 'every SQL statement on PostgreSQL too',
      command: node,
      args: [path.join(root, 'scripts/querySites.mjs'), 'check', sites],
    },
  ]);
fs.rmSync(sites, { recursive: true, force: true });
printTable();
