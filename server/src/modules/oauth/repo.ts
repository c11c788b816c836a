import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { OauthAppTable, OauthCodeTable, OauthTokenTable } from '../../db/schemaOauth.ts';

export type OauthAppRow = Selectable<OauthAppTable>;
export type OauthTokenRow = Selectable<OauthTokenTable>;

/** Apps, their one-time codes and their tokens (issue 42); every secret as its digest. */
export const createOauthRepo = (db: Db) => ({
  insertApp: (row: Insertable<OauthAppTable>) =>
    db.insertInto('oauth_app').values(row).returningAll().executeTakeFirstOrThrow(),

  appByClientId: (clientId: string) =>
    db.selectFrom('oauth_app').selectAll().where('client_id', '=', clientId).executeTakeFirst(),

  appById: (id: number) => db.selectFrom('oauth_app').selectAll().where('id', '=', id).executeTakeFirst(),

  async insertCode(row: OauthCodeTable): Promise<void> {
    await db.insertInto('oauth_code').values(row).execute();
  },

  /** Takes the code: it is deleted whether or not what follows accepts it, so it works once. */
  async takeCode(hash: string): Promise<Selectable<OauthCodeTable> | undefined> {
    const row = await db
      .selectFrom('oauth_code')
      .selectAll()
      .where('code_hash', '=', hash)
      .executeTakeFirst();
    if (!row) return undefined;
    const taken = await db.deleteFrom('oauth_code').where('code_hash', '=', hash).executeTakeFirst();
    // Two exchanges at once: only the one whose delete took the row gets it.
    return Number(taken.numDeletedRows) > 0 ? row : undefined;
  },

  async dropExpiredCodes(now: number): Promise<void> {
    await db.deleteFrom('oauth_code').where('expires_at', '<', now).execute();
  },

  insertToken: (row: Insertable<OauthTokenTable>) =>
    db.insertInto('oauth_token').values(row).returningAll().executeTakeFirstOrThrow(),

  /** The unrevoked token with this digest, with its app. */
  liveToken: (hash: string) =>
    db
      .selectFrom('oauth_token')
      .innerJoin('oauth_app', 'oauth_app.id', 'oauth_token.app_id')
      .select([
        'oauth_token.id',
        'oauth_token.app_id',
        'oauth_token.scopes',
        'oauth_token.kind',
        'oauth_token.last_used_at',
        'oauth_app.name as app_name',
        'oauth_app.website as app_website',
      ])
      .where('oauth_token.token_hash', '=', hash)
      .where('oauth_token.revoked_at', 'is', null)
      .executeTakeFirst(),

  async touch(id: number, at: number): Promise<void> {
    await db.updateTable('oauth_token').set({ last_used_at: at }).where('id', '=', id).execute();
  },

  /** Revokes one token by its digest (OAuth revocation: unknown tokens are no error). */
  async revokeByHash(hash: string, appId: number, at: number): Promise<void> {
    await db
      .updateTable('oauth_token')
      .set({ revoked_at: at })
      .where('token_hash', '=', hash)
      .where('app_id', '=', appId)
      .where('revoked_at', 'is', null)
      .execute();
  },

  /** Revokes every token the app holds and drops its codes; answers how many tokens were live. */
  async revokeApp(appId: number, at: number): Promise<number> {
    await db.deleteFrom('oauth_code').where('app_id', '=', appId).execute();
    const result = await db
      .updateTable('oauth_token')
      .set({ revoked_at: at })
      .where('app_id', '=', appId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  },

  /** Every owner (`user`) token with its app, newest app first: the tokens page's list. */
  userTokens: () =>
    db
      .selectFrom('oauth_token')
      .innerJoin('oauth_app', 'oauth_app.id', 'oauth_token.app_id')
      .select([
        'oauth_token.app_id',
        'oauth_token.scopes',
        'oauth_token.created_at',
        'oauth_token.last_used_at',
        'oauth_token.revoked_at',
        'oauth_app.name',
        'oauth_app.website',
      ])
      .where('oauth_token.kind', '=', 'user')
      .orderBy('oauth_token.app_id', 'desc')
      .orderBy('oauth_token.id', 'asc')
      .execute(),
});

export type OauthRepo = ReturnType<typeof createOauthRepo>;
