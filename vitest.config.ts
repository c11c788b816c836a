import { existsSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { chromePath } from './e2e/support/chromePath.ts';
import { findPgBin } from './server/test/pgCluster.ts';
import { catalogues } from './web/catalogues.ts';

const ci = process.env.CI === 'true';
const chromium = chromePath();
const haveChromium = existsSync(chromium);
const havePostgres = Boolean(process.env.TEST_DATABASE_URL) || findPgBin() !== null;
const haveNginx = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'].some((p) => existsSync(p));

// Missing PostgreSQL or Chromium: a loud skip locally, a failure in CI (the project then runs and
// its setup throws).
const warn = (what: string) =>
  console.warn(`\n\u001b[43m\u001b[30m WARNING \u001b[0m ${what} not found: its tests are SKIPPED.\n`);
if (!havePostgres && !ci) warn('PostgreSQL (initdb or TEST_DATABASE_URL)');
if (!haveChromium && !ci) warn(`Chromium (${chromium})`);
if (!haveNginx && !ci) warn('nginx (the cluster test)');

const serverTests = ['server/src/**/*.test.ts'];
/**
 * The PostgreSQL pass runs the files of server/test/postgresSuite.json (issue 39): what can differ
 * by database, chosen so that every SQL statement the SQLite pass runs runs on PostgreSQL too —
 * `npm test` checks that (scripts/querySites.mjs). `TEST_POSTGRES_ALL=1` runs every server file.
 */
const postgresSuite = JSON.parse(
  readFileSync(new URL('./server/test/postgresSuite.json', import.meta.url), 'utf8'),
) as {
  always: string[];
  chosen: string[];
};
const postgresTests =
  process.env.TEST_POSTGRES_ALL === '1' ? serverTests : [...postgresSuite.always, ...postgresSuite.chosen];
/**
 * The server files share their workers' module cache (no isolation per file): importing the whole
 * app anew for each of 93 files cost 77 of a pass's 240 s. Each file still builds its own apps on
 * its own database; querySitesSetup hands over which SQL statements the file ran.
 */
const serverSettings = {
  isolate: false,
  setupFiles: ['server/test/querySitesSetup.ts'],
  testTimeout: 20_000,
};
/** e2e specs that never use the shared server (they start, stop or take offline their own). */
const ownServerSpecs = [
  'admin-collections',
  'admin-files',
  'admin-images',
  'admin-import',
  'admin-log',
  'admin-videos',
  'a11y-axe',
  'admin-security',
  'auth-expiry',
  'auth-lockout',
  'offline-snapshot',
  'public-markdown',
  'public-pictures',
  'shell-offline',
].map((name) => `e2e/tests/${name}.spec.ts`);
const e2eSettings = {
  // The specs share their worker's module cache, as the server files do: each file imported
  // Playwright and the support modules anew (42 s of the e2e project's 934 s in ci26). Nothing a
  // spec keeps lives in a module: browsers, servers and contexts are made in its own hooks.
  isolate: false,
  testTimeout: 60_000,
  hookTimeout: 180_000,
  // expect.poll gives up after 1 s by default: on a machine both lanes keep busy, a server round trip
  // and the render after it took longer (admin-files.spec.ts failed so in a CI rehearsal).
  expect: { poll: { timeout: 10_000 } },
  // One Chromium at a time per project: the machine has two cores.
  fileParallelism: false,
};
const unitTests = ['contract/src/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}', 'server/src/**/*.unit.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        // A few unit tests start a process (ffmpeg's demo video, git, V8's code cache). In CI they
        // run beside Chromium and PostgreSQL, where Vitest's 5 s default was once not enough.
        // The message catalogues compiled as the web build compiles them (issue 44).
        plugins: [catalogues()],
        test: {
          name: 'unit',
          include: unitTests,
          // One module cache for all files (as the server files): with a fresh one per file the
          // project took 101 s here, 73 of them importing and setting up; 29 s without, and the
          // files pass in any order (checked with --sequence.shuffle.files).
          isolate: false,
          environment: 'node',
          testTimeout: 20_000,
          setupFiles: ['web/src/i18n/testSetup.ts'],
        },
      },
      {
        test: {
          name: 'server:sqlite',
          include: serverTests,
          exclude: ['**/*.unit.test.ts'],
          env: { TEST_DIALECT: 'sqlite' },
          globalSetup: ['server/test/sqliteGlobalSetup.ts'],
          ...serverSettings,
        },
      },
      ...(havePostgres || ci
        ? [
            {
              test: {
                name: 'server:postgres',
                include: postgresTests,
                exclude: ['**/*.unit.test.ts'],
                env: { TEST_DIALECT: 'postgres' },
                globalSetup: ['server/test/pgGlobalSetup.ts'],
                ...serverSettings,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      ...((havePostgres && haveNginx) || ci
        ? [
            {
              // Issue 28: real replicas of the built server behind nginx (a few minutes, one file).
              test: {
                name: 'cluster',
                include: ['server/test/cluster/*.test.ts'],
                globalSetup: ['e2e/support/buildSetup.ts'],
                testTimeout: 60_000,
                hookTimeout: 300_000,
              },
            },
          ]
        : []),
      ...(haveChromium || ci
        ? [
            {
              test: {
                name: 'e2e',
                include: ['e2e/tests/**/*.spec.ts'],
                exclude: ownServerSpecs,
                globalSetup: ['e2e/support/globalSetup.ts'],
                ...e2eSettings,
              },
            },
            {
              // Specs that start servers of their own, one at a time: a project apart so they can
              // be given the worker the server tests leave idle (Vitest 4 still runs it after e2e).
              test: {
                name: 'e2e:own-server',
                include: ownServerSpecs,
                globalSetup: ['e2e/support/buildSetup.ts'],
                ...e2eSettings,
              },
            },
          ]
        : []),
    ],
  },
});
