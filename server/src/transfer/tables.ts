import { sql } from 'kysely';
import type { DialectName } from '../db/dialect.ts';
import type { Db } from '../db/index.ts';

/**
 * Tables an export leaves out: the migration bookkeeping (the target runs its own migrations),
 * full-text index tables (rebuilt by triggers from the rows), and short-lived secrets that mean
 * nothing elsewhere (handshake keys, rate-limit windows).
 */
const skipped = (name: string) =>
  /^(migration|migration_lock|kysely_migration|kysely_migration_lock|handshake|rate_limit|sqlite_.*)$/.test(
    name,
  ) || /_fts(_|$)/.test(name);

export interface TableInfo {
  name: string;
  columns: string[];
}

/** The tables to carry, parents before children (by their foreign keys). */
export const tablesInOrder = async (db: Db, dialect: DialectName): Promise<TableInfo[]> => {
  const all = (await db.introspection.getTables()).filter((t) => !t.isView && !skipped(t.name));
  const parents = new Map<string, Set<string>>();
  for (const table of all) {
    const refs =
      dialect === 'sqlite'
        ? // sqlite-only (the query-site check, scripts/querySites.mjs)
          (
            await sql<{ table: string }>`SELECT "table" FROM pragma_foreign_key_list(${table.name})`.execute(
              db,
            )
          ).rows.map((r) => r.table)
        : (
            await sql<{ ref: string }>`
              SELECT DISTINCT ccu.table_name AS ref
              FROM information_schema.table_constraints tc
              JOIN information_schema.constraint_column_usage ccu ON tc.constraint_name = ccu.constraint_name
              WHERE tc.constraint_type = 'FOREIGN KEY' AND tc.table_name = ${table.name}`.execute(db)
          ).rows.map((r) => r.ref);
    parents.set(table.name, new Set(refs.filter((r) => r !== table.name)));
  }
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  while (ordered.length < all.length) {
    const next = all.find(
      (t) =>
        !placed.has(t.name) &&
        [...(parents.get(t.name) ?? [])].every((p) => placed.has(p) || !parents.has(p)),
    );
    // A cycle between tables (none today) falls back to name order rather than looping forever.
    const pick = next ?? all.find((t) => !placed.has(t.name));
    if (!pick) break;
    placed.add(pick.name);
    ordered.push({ name: pick.name, columns: pick.columns.map((c) => c.name) });
  }
  return ordered;
};

/** Rows in a stable order (by id when there is one), so two exports of the same content are equal. */
export const readRows = async (db: Db, table: TableInfo): Promise<Record<string, unknown>[]> => {
  const rows = (await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table.name)}`.execute(db)).rows;
  const key = (row: Record<string, unknown>) =>
    table.columns.includes('id') ? Number(row.id) : JSON.stringify(table.columns.map((c) => row[c]));
  return rows
    .map((row) => Object.fromEntries(table.columns.map((c) => [c, normalise(row[c])])))
    .sort((a, b) => {
      const ka = key(a);
      const kb = key(b);
      return ka < kb ? -1 : ka > kb ? 1 : 0;
    });
};

/** One representation for both databases: numbers as numbers, bytes as base64. */
const normalise = (value: unknown): unknown => {
  if (typeof value === 'bigint') return Number(value);
  if (Buffer.isBuffer(value)) return { $base64: value.toString('base64') };
  if (value instanceof Date) return value.getTime();
  return value;
};

export const denormalise = (value: unknown): unknown =>
  value && typeof value === 'object' && '$base64' in value
    ? Buffer.from(String((value as { $base64: string }).$base64), 'base64')
    : value;
