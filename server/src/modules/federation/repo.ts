import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { FederationFollowerTable } from '../../db/schemaFederation.ts';

export type FollowerRow = Selectable<FederationFollowerTable>;

/** Followers, blocks and the count of failed deliveries of the owner's fediverse actor (issue 29). */
export const createFederationRepo = (db: Db) => ({
  async upsertFollower(row: Insertable<FederationFollowerTable>): Promise<void> {
    await db
      .insertInto('federation_follower')
      .values(row)
      .onConflict((oc) =>
        oc.column('actor_url').doUpdateSet({
          inbox: row.inbox,
          shared_inbox: row.shared_inbox,
          handle: row.handle,
          name: row.name,
          follow_id: row.follow_id,
          status: row.status,
        }),
      )
      .execute();
  },

  findFollower: (actorUrl: string) =>
    db.selectFrom('federation_follower').selectAll().where('actor_url', '=', actorUrl).executeTakeFirst(),

  async setFollowerStatus(actorUrl: string, status: 'accepted' | 'pending'): Promise<void> {
    await db.updateTable('federation_follower').set({ status }).where('actor_url', '=', actorUrl).execute();
  },

  async removeFollower(actorUrl: string): Promise<boolean> {
    const result = await db
      .deleteFrom('federation_follower')
      .where('actor_url', '=', actorUrl)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },

  followers: (status: 'accepted' | 'pending') =>
    db
      .selectFrom('federation_follower')
      .selectAll()
      .where('status', '=', status)
      .orderBy('created_at', 'desc')
      .execute(),

  async countFollowers(): Promise<number> {
    const row = await db
      .selectFrom('federation_follower')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('status', '=', 'accepted')
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  },

  blocks: () => db.selectFrom('federation_block').selectAll().orderBy('created_at', 'desc').execute(),

  async addBlock(target: string, at: number): Promise<void> {
    await db
      .insertInto('federation_block')
      .values({ target, created_at: at })
      .onConflict((oc) => oc.column('target').doNothing())
      .execute();
  },

  async removeBlock(target: string): Promise<void> {
    await db.deleteFrom('federation_block').where('target', '=', target).execute();
  },

  /** Deliveries given up (the delivery log: deliveries.ts). */
  async countFailedDeliveries(): Promise<number> {
    const row = await db
      .selectFrom('federation_delivery')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('state', '=', 'failed')
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  },
});

export type FederationRepo = ReturnType<typeof createFederationRepo>;
