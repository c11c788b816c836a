import { createHash } from 'node:crypto';
import fs from 'node:fs';
import readline from 'node:readline';
import SqliteDatabase from 'better-sqlite3';

/**
 * What a snapshot holds, table by table, as hashes: the shipper compares them with the last point it
 * shipped and skips a snapshot in which only the scheduler's own bookkeeping changed (every minute
 * some job claims its lease and records its run), so an idle site ships nothing.
 */
export type Sections = Map<string, string>;

/**
 * Tables whose changes alone are no reason to ship a point: the job runner's and the log's, and
 * SQLite's AUTOINCREMENT counters (a content insert changes its own table too).
 */
export const BOOKKEEPING = new Set(['job', 'job_run', 'log_line', 'sqlite_sequence']);

type Hash = ReturnType<typeof createHash>;

/** The running hash of one section, started on first use. */
const sectionHash = (hashes: Map<string, Hash>, name: string): Hash => {
  const found = hashes.get(name);
  if (found) return found;
  const hash = createHash('sha256');
  hashes.set(name, hash);
  return hash;
};

/**
 * A SQLite file's pages grouped by the table they belong to (`dbstat`; an index counts as its
 * table). Page 1's header (a counter every commit moves) is left out; free pages are one section.
 */
export const sqliteSections = (file: string): Sections => {
  const db = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  let owners: Map<number, string>;
  try {
    const tableOf = new Map(
      (
        db.prepare('SELECT name, tbl_name FROM sqlite_master').all() as { name: string; tbl_name: string }[]
      ).map((r) => [r.name, r.tbl_name]),
    );
    owners = new Map(
      (db.prepare('SELECT name, pageno FROM dbstat').all() as { name: string; pageno: number }[]).map((r) => [
        r.pageno,
        tableOf.get(r.name) ?? r.name,
      ]),
    );
  } finally {
    db.close();
  }
  const bytes = fs.readFileSync(file);
  const raw = bytes.readUInt16BE(16);
  const pageSize = raw === 1 ? 65_536 : raw;
  const hashes = new Map<string, Hash>();
  for (let page = 1; page * pageSize <= bytes.length; page += 1) {
    const start = (page - 1) * pageSize + (page === 1 ? 100 : 0);
    sectionHash(hashes, owners.get(page) ?? '(free)')
      .update(`${page}:`)
      .update(bytes.subarray(start, page * pageSize));
  }
  return new Map([...hashes].map(([name, hash]) => [name, hash.digest('hex')]));
};

/**
 * A plain `pg_dump`'s sections: each table's COPY block by the table's name, each sequence's
 * `setval` by the sequence's name, everything else (the schema) as one.
 */
export const postgresSections = async (file: string): Promise<Sections> => {
  const hashes = new Map<string, Hash>();
  const add = (name: string, line: string) => sectionHash(hashes, name).update(line).update('\n');
  let table: string | null = null;
  const lines = readline.createInterface({
    input: fs.createReadStream(file),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  for await (const line of lines) {
    if (table !== null) {
      if (line === '\\.') table = null;
      else add(table, line);
      continue;
    }
    const copy = /^COPY (?:[\w"]+\.)?"?([^"\s(]+)"? /.exec(line);
    if (copy) {
      table = copy[1] ?? '';
      add(table, line);
      continue;
    }
    // pg_dump's `\restrict KEY` / `\unrestrict KEY` (a fresh random key each dump) says nothing.
    if (/^\\(un)?restrict /.test(line)) continue;
    const setval = /^SELECT pg_catalog\.setval\('(?:[\w"]+\.)?"?([^"']+)"?'/.exec(line);
    add(setval ? `sequence:${setval[1]}` : '(schema)', line);
  }
  return new Map([...hashes].map(([name, hash]) => [name, hash.digest('hex')]));
};

/** Whether anything but bookkeeping (its tables, their sequences, free pages) differs. */
export const contentChanged = (before: Sections, after: Sections): boolean => {
  const ignorable = (name: string) =>
    name === '(free)' ||
    BOOKKEEPING.has(name) ||
    [...BOOKKEEPING].some((table) => name.startsWith(`sequence:${table}_`));
  for (const name of new Set([...before.keys(), ...after.keys()]))
    if (before.get(name) !== after.get(name) && !ignorable(name)) return true;
  return false;
};
