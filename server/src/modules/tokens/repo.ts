import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { ApiTokenTable } from '../../db/schemaTokens.ts';

export type ApiTokenRow = Selectable<ApiTokenTable>;

export const createTokenRepo = (db: Db) => ({
  /** Newest first, revoked and expired ones included. */
  all: () => db.selectFrom('api_token').selectAll().orderBy('id', 'desc').execute(),

  insert: (row: Insertable<ApiTokenTable>) =>
    db.insertInto('api_token').values(row).returningAll().executeTakeFirstOrThrow(),

  /** The unrevoked, unexpired token with this digest. */
  findLive: (hash: string, now: number) =>
    db
      .selectFrom('api_token')
      .selectAll()
      .where('token_hash', '=', hash)
      .where('revoked_at', 'is', null)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .executeTakeFirst(),

  async touch(id: number, at: number): Promise<void> {
    await db.updateTable('api_token').set({ last_used_at: at }).where('id', '=', id).execute();
  },

  /** Revokes the token unless it already is; answers the row as it now stands (undefined: unknown id). */
  async revoke(id: number, at: number): Promise<ApiTokenRow | undefined> {
    await db
      .updateTable('api_token')
      .set({ revoked_at: at })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
    return db.selectFrom('api_token').selectAll().where('id', '=', id).executeTakeFirst();
  },
});

export type TokenRepo = ReturnType<typeof createTokenRepo>;
