import { type Expression, type SqlBool, sql } from 'kysely';
import type { DialectName } from './dialect.ts';

/** Tables with a full-text index on `content` (migration 0004). */
export type SearchableTable = 'essay' | 'moment';

/** A trigram index can only look up terms at least this many characters long. */
export const trigramLength = 3;
const maxTerms = 5;

/** Whitespace separates terms; every term must occur (AND). Blank keywords give no terms. */
/**
 * Control characters (NUL above all) mean nothing in a search and break FTS5 and PostgreSQL text:
 * they become spaces before any query sees them.
 */
export const withoutControlCharacters = (text: string): string =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  text.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ');

export const searchTerms = (keyword: string): string[] =>
  withoutControlCharacters(keyword).trim().split(/\s+/).filter(Boolean).slice(0, maxTerms);

const all = (conditions: Expression<unknown>[]): Expression<SqlBool> =>
  sql<SqlBool>`(${sql.join(conditions, sql` AND `)})`;

/** A LIKE pattern matching `term` anywhere, its own `%`, `_` and `\` taken literally (ESCAPE '\'). */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** FTS5 query: each term a quoted phrase (quotes doubled), all required. */
const ftsQuery = (terms: string[]) => terms.map((t) => `"${t.replace(/"/g, '""')}"`).join(' AND ');

/**
 * A condition "content contains every term" (case-insensitive) that uses the full-text index.
 *
 * - PostgreSQL: `ILIKE '%term%'` per term; the pg_trgm GIN index answers it. A 1–2 character term
 *   yields no complete trigram, so PostgreSQL reads the whole (small) GIN index for it.
 * - SQLite: terms of 3+ characters go through the FTS5 trigram table with MATCH. Shorter terms cannot
 *   (a trigram index has no tokens that short): they are checked with LIKE on the rows themselves.
 *   The caller's query walks the primary key newest first from the cursor and stops after one page
 *   of matches, so a common short keyword reads few rows; a rare one may read the whole table.
 */
export const contentMatches = (
  dialect: DialectName,
  table: SearchableTable,
  terms: string[],
): Expression<SqlBool> => {
  const content = sql.ref(`${table}.content`);
  if (dialect === 'postgres') {
    return all(terms.map((t) => sql`${content} ILIKE ${likePattern(t)} ESCAPE '\\'`));
  }
  const long = terms.filter((t) => [...t].length >= trigramLength);
  const short = terms.filter((t) => [...t].length < trigramLength);
  const conditions = short.map((t) => sql`${content} LIKE ${likePattern(t)} ESCAPE '\\'`);
  if (long.length > 0) {
    const fts = sql.raw(`${table}_fts`);
    conditions.unshift(
      sql`${sql.ref(`${table}.id`)} IN (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${ftsQuery(long)})`,
    );
  }
  return all(conditions);
};
