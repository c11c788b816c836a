#!/usr/bin/env node
// The PostgreSQL pass runs a chosen part of the server tests (server/test/postgresSuite.json), so
// that CI stays within its budget (issue 39); this script keeps that choice honest. The server
// test harness records, per test file and dialect, every place in server/src that executed an SQL
// statement (server/test/querySites.ts, when CANDY_QUERY_SITES names a folder).
//
//   node scripts/querySites.mjs check DIR    every statement the SQLite pass ran also ran on
//                                            PostgreSQL; otherwise names each one with the test
//                                            files that reach it, and exits 1
//   node scripts/querySites.mjs choose DIR   from a recording of both whole passes (SQLite, and
//                                            PostgreSQL with TEST_POSTGRES_ALL=1), writes the
//                                            fewest test files that run every statement it ran,
//                                            beside the `always` ones
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const suiteFile = path.join(root, 'server/test/postgresSuite.json');

/** @typedef {{ dialect: string, testFile: string, sites: string[] }} Recording */

/** @param {string} dir @returns {Recording[]} */
const readRecordings = (dir) =>
  fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')));

/** @param {Recording[]} recordings @param {string} dialect @returns {Map<string, Set<string>>} site → test files */
const sitesOf = (recordings, dialect) => {
  const sites = new Map();
  for (const { testFile, sites: list } of recordings.filter((r) => r.dialect === dialect))
    for (const site of list) {
      if (!sites.has(site)) sites.set(site, new Set());
      sites.get(site).add(testFile);
    }
  return sites;
};

/**
 * Statements only one dialect can run (a branch on the dialect) say so on their line or one of the
 * three above: `// sqlite-only`.
 * @param {string} site
 */
const sqliteOnly = (site) => {
  const [file, line] = site.split(':');
  const lines = fs.readFileSync(path.join(root, file ?? ''), 'utf8').split('\n');
  const at = Number(line) - 1;
  return lines.slice(Math.max(0, at - 3), at + 1).some((text) => text.includes('sqlite-only'));
};

const [command, dir] = process.argv.slice(2);
if (!dir || !['check', 'choose'].includes(command ?? '')) {
  console.error('usage: node scripts/querySites.mjs check|choose DIR');
  process.exit(2);
}
const recordings = readRecordings(dir);

if (command === 'check') {
  const onSqlite = sitesOf(recordings, 'sqlite');
  const onPostgres = sitesOf(recordings, 'postgres');
  const missing = [...onSqlite.keys()].filter((site) => !onPostgres.has(site) && !sqliteOnly(site)).sort();
  console.log(
    `query sites: ${onSqlite.size} run on SQLite, ${onPostgres.size} on PostgreSQL, ${missing.length} missing on PostgreSQL`,
  );
  if (missing.length > 0) {
    console.error('\nThese SQL statements ran on SQLite but not in the PostgreSQL pass:');
    for (const site of missing)
      console.error(`  ${site}  (reached by ${[...(onSqlite.get(site) ?? [])].sort().join(', ')})`);
    console.error(
      `\nAdd one of those test files to ${path.relative(root, suiteFile)} ("always"), or rerun\n` +
        '`node scripts/querySites.mjs choose` on a recording of the whole PostgreSQL pass (README, Tests).',
    );
    process.exit(1);
  }
} else {
  const suite = JSON.parse(fs.readFileSync(suiteFile, 'utf8'));
  // A file counts for a statement only if it ran it on both databases: a statement reached by
  // timing (a background job that fails now and then) is no statement the file holds.
  /** @param {string} dialect */
  const sitesByFile = (dialect) => {
    const map = new Map();
    for (const record of recordings.filter((r) => r.dialect === dialect))
      map.set(record.testFile, new Set([...(map.get(record.testFile) ?? []), ...record.sites]));
    return map;
  };
  const onSqlite = sitesByFile('sqlite');
  const byFile = new Map(
    [...sitesByFile('postgres')].map(([file, sites]) => [
      file,
      new Set([...sites].filter((site) => onSqlite.get(file)?.has(site))),
    ]),
  );
  const uncovered = new Set([...byFile.values()].flatMap((sites) => [...sites]));
  for (const file of suite.always) for (const site of byFile.get(file) ?? []) uncovered.delete(site);
  /** @type {string[]} */
  const chosen = [];
  // Greedy set cover: each time, the file that runs the most statements not yet run.
  while (uncovered.size > 0) {
    let best = '';
    let gain = 0;
    for (const [file, sites] of byFile) {
      const n = [...sites].filter((site) => uncovered.has(site)).length;
      if (n > gain || (n === gain && n > 0 && file < best)) [best, gain] = [file, n];
    }
    chosen.push(best);
    for (const site of byFile.get(best) ?? []) uncovered.delete(site);
  }
  suite.chosen = chosen.sort();
  fs.writeFileSync(suiteFile, `${JSON.stringify(suite, null, 2)}\n`);
  console.log(`${suite.always.length} files always, ${chosen.length} chosen of ${byFile.size}`);
}
