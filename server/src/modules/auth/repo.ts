import type { Selectable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { AccessKeyTable, OwnerTable } from '../../db/schema.ts';

export type Owner = Selectable<OwnerTable>;
export type AccessKeyRow = Selectable<AccessKeyTable>;

/** The single owner row always has this id. */
export const OWNER_ID = 1;

/** The owner account and its sessions (access keys). */
export const createOwnerRepo = (db: Db) => ({
  findOwner: () => db.selectFrom('owner').selectAll().where('id', '=', OWNER_ID).executeTakeFirst(),

  /** Creates the owner unless one exists; false when another process got there first. */
  async createOwner(username: string, passwordHash: string, at: number): Promise<boolean> {
    const result = await db
      .insertInto('owner')
      .values({ id: OWNER_ID, username, password_hash: passwordHash, created_at: at, updated_at: at })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  },

  async setPasswordHash(passwordHash: string, at: number): Promise<boolean> {
    const result = await db
      .updateTable('owner')
      .set({ password_hash: passwordHash, updated_at: at })
      .where('id', '=', OWNER_ID)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  async createSession(
    row: Omit<AccessKeyRow, 'id' | 'revoked_at' | 'method'> & Pick<AccessKeyRow, 'method'>,
  ): Promise<void> {
    await db.insertInto('access_key').values(row).execute();
  },

  /** The live session holding this key digest, with its owner's name. */
  findLiveSession: (keyHash: string, now: number) =>
    db
      .selectFrom('access_key')
      .innerJoin('owner', 'owner.id', 'access_key.owner_id')
      .select([
        'access_key.id',
        'access_key.created_at',
        'access_key.authenticated_at',
        'access_key.last_used_at',
        'owner.username',
      ])
      .where('access_key.key_hash', '=', keyHash)
      .where('access_key.revoked_at', 'is', null)
      .where('access_key.expires_at', '>', now)
      .executeTakeFirst(),

  /** The owner proved who they are again on this session (a fresh-login confirmation). */
  async setAuthenticated(id: number, at: number): Promise<void> {
    await db.updateTable('access_key').set({ authenticated_at: at }).where('id', '=', id).execute();
  },

  async touchSession(id: number, at: number): Promise<void> {
    await db.updateTable('access_key').set({ last_used_at: at }).where('id', '=', id).execute();
  },

  liveSessions: (now: number) =>
    db
      .selectFrom('access_key')
      .selectAll()
      .where('owner_id', '=', OWNER_ID)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('id', 'desc')
      .execute(),

  /** Revokes one live session; false when it is not live (unknown, expired or already revoked). */
  async revokeSession(id: number, at: number): Promise<boolean> {
    const result = await db
      .updateTable('access_key')
      .set({ revoked_at: at })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', at)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  /** Revokes every live session except `keep`; answers how many were revoked. */
  async revokeAllSessions(at: number, keep?: number): Promise<number> {
    let query = db
      .updateTable('access_key')
      .set({ revoked_at: at })
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', at);
    if (keep !== undefined) query = query.where('id', '!=', keep);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows);
  },

  /** Drops sessions that ended (expired or revoked) before `before`; they are of no use any more. */
  async purgeEndedSessions(before: number): Promise<void> {
    await db
      .deleteFrom('access_key')
      .where((eb) => eb.or([eb('expires_at', '<', before), eb('revoked_at', '<', before)]))
      .execute();
  },
});

export type OwnerRepo = ReturnType<typeof createOwnerRepo>;
