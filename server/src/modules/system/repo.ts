import type { Selectable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { HandshakeTable } from '../../db/schema.ts';

export type Handshake = Selectable<HandshakeTable>;

export const createHandshakeRepo = (db: Db) => ({
  /** One live handshake per device: a new knock replaces the old key pair. */
  async save(row: Handshake): Promise<void> {
    await db
      .insertInto('handshake')
      .values(row)
      .onConflict((oc) =>
        oc.column('uuid').doUpdateSet({
          private_key: row.private_key,
          public_key: row.public_key,
          created_at: row.created_at,
          expires_at: row.expires_at,
        }),
      )
      .execute();
  },

  findLive: (uuid: string, now: number) =>
    db
      .selectFrom('handshake')
      .selectAll()
      .where('uuid', '=', uuid)
      .where('expires_at', '>', now)
      .executeTakeFirst(),

  async purgeExpired(now: number): Promise<number> {
    const result = await db.deleteFrom('handshake').where('expires_at', '<=', now).executeTakeFirst();
    return Number(result.numDeletedRows);
  },

  /** Records a ciphertext as opened; false when it was opened before (a replay). */
  async spend(digest: string, expiresAt: number, now: number): Promise<boolean> {
    await db.deleteFrom('handshake_spent').where('expires_at', '<=', now).execute();
    const result = await db
      .insertInto('handshake_spent')
      .values({ digest, expires_at: expiresAt })
      .onConflict((oc) => oc.column('digest').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
  },
});

export type HandshakeRepo = ReturnType<typeof createHandshakeRepo>;
