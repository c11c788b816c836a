import fs from 'node:fs';
import path from 'node:path';
import type { KyselyPlugin } from 'kysely';
import type { DbHandle } from '../src/db/index.ts';

/**
 * Which of our SQL statements a test pass runs (issue 39). The PostgreSQL pass runs only the test
 * files of `postgresSuite.ts`; `scripts/querySites.mjs` then checks that every statement the
 * SQLite pass ran (every place in server/src that executes a query) also ran on PostgreSQL, and
 * fails the run naming the statement and the test files that reach it when one did not.
 *
 * A statement's place is the first stack frame in server/src when Kysely compiles it: Kysely calls
 * a plugin's transformQuery synchronously from `execute()`, so the caller is still on the stack.
 * Recording happens only when `CANDY_QUERY_SITES` names a folder (scripts/test.mjs sets it).
 */
const outDir = process.env.CANDY_QUERY_SITES;
const sourceRoot = `${path.resolve(import.meta.dirname, '../src')}${path.sep}`;
const repoRoot = path.resolve(import.meta.dirname, '../..');
const seen = new Set<string>();

const siteOfCaller = (): string | null => {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 30;
  const stack = new Error().stack ?? '';
  Error.stackTraceLimit = limit;
  for (const line of stack.split('\n')) {
    const at = line.indexOf(sourceRoot);
    // A test's own query is no statement of the app's.
    if (at === -1 || /\.test\.ts:/.test(line)) continue;
    // "…/server/src/modules/x/repo.ts:12:7)" → "server/src/modules/x/repo.ts:12"
    const [file, lineNo] = line.slice(at).replace(/\)$/, '').split(':');
    return `${path.relative(repoRoot, file ?? '')}:${lineNo}`;
  }
  return null;
};

const recorder: KyselyPlugin = {
  transformQuery({ node }) {
    const site = siteOfCaller();
    if (site) seen.add(site);
    return node;
  },
  transformResult: async ({ result }) => result,
};

/** The handle with every statement's place recorded, when this run records them. */
export const recordingQuerySites = (handle: DbHandle): DbHandle =>
  outDir ? { ...handle, db: handle.db.withPlugin(recorder) } : handle;

/** Writes what this test file ran (one JSON file per test file and dialect) and starts afresh. */
export const flushQuerySites = (testFile: string, dialect: string): void => {
  if (!outDir || seen.size === 0) return;
  fs.mkdirSync(outDir, { recursive: true });
  const name = `${dialect}-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}.json`;
  const record = { dialect, testFile: path.relative(repoRoot, testFile), sites: [...seen].sort() };
  fs.writeFileSync(path.join(outDir, name), JSON.stringify(record));
  seen.clear();
};
