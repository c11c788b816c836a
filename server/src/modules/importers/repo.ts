import { type Insertable, type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { ImportItemTable, ImportJobTable, ImportRedirectTable } from '../../db/schemaImports.ts';
import { likePattern, withoutControlCharacters } from '../../db/textSearch.ts';

export type ImportJobRow = Selectable<ImportJobTable>;
export type ImportRedirectRow = Selectable<ImportRedirectTable>;
export type ImportItemKind = ImportItemTable['kind'];

/** Works on the database or on a batch's transaction (the same queries, inside or out). */
export const createImportRepo = (db: Kysely<Database>) => ({
  insertJob: (row: Insertable<ImportJobTable>): Promise<ImportJobRow> =>
    db.insertInto('import_job').values(row).returningAll().executeTakeFirstOrThrow(),
  findJob: (id: number): Promise<ImportJobRow | undefined> =>
    db.selectFrom('import_job').selectAll().where('id', '=', id).executeTakeFirst(),
  recentJobs: (limit: number): Promise<ImportJobRow[]> =>
    db.selectFrom('import_job').selectAll().orderBy('id', 'desc').limit(limit).execute(),
  async updateJob(id: number, patch: Updateable<ImportJobTable>): Promise<void> {
    await db.updateTable('import_job').set(patch).where('id', '=', id).execute();
  },
  /** The oldest import waiting for (or interrupted in) the job runner. */
  nextPending: (): Promise<ImportJobRow | undefined> =>
    db
      .selectFrom('import_job')
      .selectAll()
      .where('status', 'in', ['queued', 'running'])
      .orderBy('id')
      .executeTakeFirst(),

  findItem: (platform: string, kind: ImportItemKind, sourceId: string) =>
    db
      .selectFrom('import_item')
      .selectAll()
      .where('platform', '=', platform)
      .where('kind', '=', kind)
      .where('source_id', '=', sourceId)
      .executeTakeFirst(),
  async insertItem(row: Insertable<ImportItemTable>): Promise<void> {
    await db.insertInto('import_item').values(row).execute();
  },

  /** An old path already taken (by this or an earlier import) keeps its first target. */
  async addRedirect(row: Insertable<ImportRedirectTable>): Promise<boolean> {
    const result = await db
      .insertInto('import_redirect')
      .values(row)
      .onConflict((oc) => oc.column('old_path').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  },
  findRedirect: (oldPath: string): Promise<ImportRedirectRow | undefined> =>
    db.selectFrom('import_redirect').selectAll().where('old_path', '=', oldPath).executeTakeFirst(),
  redirectPage: (query: { before?: number; keyword?: string; limit: number }): Promise<ImportRedirectRow[]> =>
    db
      .selectFrom('import_redirect')
      .selectAll()
      .$if(query.before !== undefined, (q) => q.where('id', '<', query.before as number))
      .$if(Boolean(query.keyword), (q) => {
        // Typed text, taken literally: no wildcards of its own, and no NUL (PostgreSQL refuses it).
        const keyword = withoutControlCharacters(query.keyword ?? '');
        const oldPath = likePattern(keyword.toLowerCase());
        const target = likePattern(keyword);
        return q.where(
          sql<boolean>`(old_path LIKE ${oldPath} ESCAPE '\\' OR target_path LIKE ${target} ESCAPE '\\')`,
        );
      })
      .orderBy('id', 'desc')
      .limit(query.limit)
      .execute(),
});

export type ImportRepo = ReturnType<typeof createImportRepo>;
