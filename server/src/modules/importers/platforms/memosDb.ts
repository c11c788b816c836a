import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { said } from '../../../i18n/said.ts';
import { ImportFormatError } from '../types.ts';

/**
 * The rows of a Memos SQLite file (`memos_prod.db`) that an import needs, whatever the version:
 * attachments live in `attachment` since 0.26 and in `resource` before; optional columns are read
 * only when the table has them.
 */
export interface MemoRow {
  id: number;
  creatorId: number;
  createdTs: number;
  updatedTs: number | undefined;
  content: string;
  visibility: string;
  rowStatus: string;
  payload: string;
}

export interface AttachmentRow {
  uid: string;
  memoId: number;
  filename: string;
  type: string;
  blob: Uint8Array | undefined;
  storageType: string;
  reference: string;
}

export interface MemosData {
  users: { id: number; name: string; role: string }[];
  memos: MemoRow[];
  /** `memo_id` is a comment on `related_memo_id`. */
  comments: { memoId: number; parentId: number }[];
  attachments: AttachmentRow[];
}

const SQLITE_MAGIC = 'SQLite format 3\u0000';
type Row = Record<string, unknown>;

export function isSqlite(bytes: Uint8Array): boolean {
  return new TextDecoder().decode(bytes.subarray(0, 16)) === SQLITE_MAGIC;
}

function columns(db: SqliteDatabase.Database, table: string): Set<string> {
  const rows = db.prepare(`PRAGMA table_info(${table})`).all() as Row[];
  return new Set(rows.map((row) => String(row.name)));
}

const num = (value: unknown) => Number(value ?? 0);
const str = (value: unknown) => (typeof value === 'string' ? value : value == null ? '' : String(value));

function readAttachments(db: SqliteDatabase.Database, tables: Set<string>): AttachmentRow[] {
  const table = tables.has('attachment') ? 'attachment' : tables.has('resource') ? 'resource' : undefined;
  if (!table) return [];
  const have = columns(db, table);
  if (!have.has('memo_id')) return [];
  const pick = (name: string) => (have.has(name) ? name : `'' AS ${name}`);
  const sql = `SELECT id, ${pick('uid')}, memo_id, filename, type, blob, ${pick('storage_type')}, ${pick('reference')}
    FROM ${table} WHERE memo_id IS NOT NULL ORDER BY id`;
  return (db.prepare(sql).all() as Row[]).map((row) => ({
    uid: str(row.uid) || String(row.id),
    memoId: num(row.memo_id),
    filename: str(row.filename),
    type: str(row.type),
    blob: row.blob instanceof Uint8Array && row.blob.length > 0 ? new Uint8Array(row.blob) : undefined,
    storageType: str(row.storage_type),
    reference: str(row.reference),
  }));
}

function readAll(db: SqliteDatabase.Database): MemosData {
  const tables = new Set(
    (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Row[]).map((row) =>
      str(row.name),
    ),
  );
  if (!tables.has('memo') || !tables.has('user')) {
    throw new ImportFormatError('memos', said('error.importers.memos.noTables'));
  }
  const memoColumns = columns(db, 'memo');
  const optional = (name: string, fallback: string) =>
    memoColumns.has(name) ? name : `${fallback} AS ${name}`;
  const memoSql = `SELECT id, creator_id, created_ts, ${optional('updated_ts', 'NULL')}, content, visibility,
    ${optional('row_status', "'NORMAL'")}, ${optional('payload', "'{}'")} FROM memo ORDER BY created_ts, id`;
  const memos = (db.prepare(memoSql).all() as Row[]).map((row) => ({
    id: num(row.id),
    creatorId: num(row.creator_id),
    createdTs: num(row.created_ts),
    updatedTs: row.updated_ts == null ? undefined : num(row.updated_ts),
    content: str(row.content),
    visibility: str(row.visibility),
    rowStatus: str(row.row_status),
    payload: str(row.payload),
  }));
  const userColumns = columns(db, 'user');
  const userSql = `SELECT id, username, ${userColumns.has('nickname') ? 'nickname' : "'' AS nickname"}, role FROM user`;
  const users = (db.prepare(userSql).all() as Row[]).map((row) => ({
    id: num(row.id),
    name: str(row.nickname) || str(row.username),
    role: str(row.role),
  }));
  const comments = tables.has('memo_relation')
    ? (
        db.prepare("SELECT memo_id, related_memo_id FROM memo_relation WHERE type = 'COMMENT'").all() as Row[]
      ).map((row) => ({ memoId: num(row.memo_id), parentId: num(row.related_memo_id) }))
    : [];
  return { users, memos, comments, attachments: readAttachments(db, tables) };
}

/** better-sqlite3 opens files only: the bytes go to a private temp folder, removed afterwards. */
export function readMemosDatabase(bytes: Uint8Array): MemosData {
  if (!isSqlite(bytes)) throw new ImportFormatError('memos', said('error.importers.memos.notSqlite'));
  const folder = mkdtempSync(join(tmpdir(), 'memos-import-'));
  try {
    const file = join(folder, 'memos_prod.db');
    writeFileSync(file, bytes);
    const db = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
    try {
      return readAll(db);
    } catch (error) {
      if (error instanceof ImportFormatError) throw error;
      throw new ImportFormatError(
        'memos',
        said('error.importers.memos.unreadable', { reason: (error as Error).message }),
      );
    } finally {
      db.close();
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
