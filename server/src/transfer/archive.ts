import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../db/dialect.ts';
import type { Db } from '../db/index.ts';
import { appliedMigrations } from '../db/migrate.ts';
import { safeRelativePath } from '../http/safePath.ts';
import { SaidError, said } from '../i18n/said.ts';
import { loadTar } from '../lazyModules.ts';
import type { BlobStorage } from '../storage/index.ts';
import { denormalise, readRows, tablesInOrder } from './tables.ts';

/** What every archive says about itself (docs/data.md "Export format"). */
export const exportFormat = 'candy-jar-export';
export const exportVersion = 1;

export interface ExportManifest {
  format: typeof exportFormat;
  version: number;
  exportedAt: number;
  /** The database kind it came from; any kind can import it. */
  from: DialectName;
  migrations: string[];
  tables: { name: string; rows: number }[];
  files: number;
}

const tempDir = () => fsp.mkdtemp(path.join(os.tmpdir(), 'candy-transfer-'));

/**
 * Writes everything — every table as JSON (`tables/<name>.json`) and every stored blob
 * (`files/<key>`) — into one gzipped tar at `file`. The archive holds the owner's password hash and
 * access-key digests: keep it as safe as the database itself.
 */
export const exportArchive = async (
  deps: { db: Db; dialect: DialectName; storage: BlobStorage; now: number },
  file: string,
): Promise<ExportManifest> => {
  const dir = await tempDir();
  try {
    await fsp.mkdir(path.join(dir, 'tables'));
    const tables: ExportManifest['tables'] = [];
    for (const table of await tablesInOrder(deps.db, deps.dialect)) {
      const rows = await readRows(deps.db, table);
      await fsp.writeFile(
        path.join(dir, 'tables', `${table.name}.json`),
        `${JSON.stringify(rows, null, 1)}\n`,
      );
      tables.push({ name: table.name, rows: rows.length });
    }
    const blobs = (await deps.storage.list('')).filter((b) => !b.key.startsWith('tmp/'));
    for (const blob of blobs) {
      const target = path.join(dir, 'files', ...blob.key.split('/'));
      await fsp.mkdir(path.dirname(target), { recursive: true });
      const source = await deps.storage.get(blob.key);
      if (source) await pipeline(source, fs.createWriteStream(target));
    }
    const manifest: ExportManifest = {
      format: exportFormat,
      version: exportVersion,
      exportedAt: deps.now,
      from: deps.dialect,
      migrations: await appliedMigrations(deps.db),
      tables,
      files: blobs.length,
    };
    await fsp.writeFile(path.join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const entries = ['manifest.json', 'tables', ...(blobs.length > 0 ? ['files'] : [])];
    await (await loadTar()).c({ gzip: true, file, cwd: dir, portable: true }, entries);
    return manifest;
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
};

/** Why an archive is not imported: said in the operator's language by the command line. */
export class ImportRefused extends SaidError {}

const walk = async (root: string, rel = ''): Promise<string[]> => {
  const out: string[] = [];
  for (const entry of await fsp.readdir(path.join(root, rel), { withFileTypes: true })) {
    const next = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await walk(root, next)));
    else if (entry.isFile()) out.push(next);
  }
  return out;
};

/**
 * Restores an archive into a database that holds no site yet (migrated, no owner, no essays) —
 * of either kind — and its blobs into storage. Rows go in one transaction, parents first; on
 * PostgreSQL the id sequences are moved past the imported ids.
 */
export const importArchive = async (
  deps: { db: Db; dialect: DialectName; storage: BlobStorage },
  file: string,
): Promise<ExportManifest> => {
  const dir = await tempDir();
  try {
    await (await loadTar()).x({ file, cwd: dir, strict: true });
    const manifest = JSON.parse(
      await fsp.readFile(path.join(dir, 'manifest.json'), 'utf8'),
    ) as ExportManifest;
    if (manifest.format !== exportFormat) throw new ImportRefused(said('cli.import.notAnExport', { file }));
    if (manifest.version > exportVersion)
      throw new ImportRefused(said('cli.import.newerFormat', { version: manifest.version }));
    const known = new Set(await appliedMigrations(deps.db));
    const unknown = manifest.migrations.filter((m) => !known.has(m));
    if (unknown.length > 0)
      throw new ImportRefused(said('cli.import.newerMigrations', { migrations: unknown.join(', ') }));
    const occupied = await deps.db
      .selectFrom('owner')
      .select('id')
      .union(deps.db.selectFrom('essay').select('id'))
      .limit(1)
      .execute();
    if (occupied.length > 0) throw new ImportRefused(said('cli.import.notEmpty'));

    const targetTables = new Map((await tablesInOrder(deps.db, deps.dialect)).map((t) => [t.name, t]));
    const order = manifest.tables.map((t) => t.name).filter((name) => targetTables.has(name));
    await deps.db.transaction().execute(async (trx) => {
      // Rows the migrations themselves wrote (defaults, the about page) give way to the export's.
      for (const name of [...order].reverse()) await sql`DELETE FROM ${sql.table(name)}`.execute(trx);
      for (const name of order) {
        const columns = new Set(targetTables.get(name)?.columns ?? []);
        const rows = JSON.parse(
          await fsp.readFile(path.join(dir, 'tables', `${name}.json`), 'utf8'),
        ) as Record<string, unknown>[];
        for (let i = 0; i < rows.length; i += 100) {
          const chunk = rows.slice(i, i + 100).map((row) =>
            Object.fromEntries(
              Object.entries(row)
                .filter(([c]) => columns.has(c))
                .map(([c, v]) => [c, denormalise(v)]),
            ),
          );
          // The table is chosen at run time from the archive: speak to it without the schema's types.
          await (trx as unknown as Kysely<Record<string, Record<string, unknown>>>)
            .insertInto(name)
            .values(chunk)
            .execute();
        }
        if (deps.dialect === 'postgres' && columns.has('id')) {
          // Only generated ids have a sequence to move on (a job's id is its name).
          const { rows } = await sql<{
            seq: string | null;
          }>`SELECT pg_get_serial_sequence(${name}, 'id') AS seq`.execute(trx);
          if (rows[0]?.seq) {
            await sql`SELECT setval(${rows[0].seq}, COALESCE(MAX(id), 1), MAX(id) IS NOT NULL) FROM ${sql.table(name)}`.execute(
              trx,
            );
          }
        }
      }
    });

    const filesRoot = path.join(dir, 'files');
    const files = fs.existsSync(filesRoot) ? await walk(filesRoot) : [];
    for (const key of files) {
      await deps.storage.put(
        safeRelativePath(key, 'file'),
        Readable.from(fs.createReadStream(path.join(filesRoot, key))),
      );
    }
    return manifest;
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
};
