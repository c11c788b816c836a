import { type Insertable, sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { ReactionTable } from '../../db/schemaReactions.ts';
import type { TargetRef } from './repo.ts';

/** A LIKE pattern matching what starts with `prefix`, its own wildcards meant literally. */
export const likePrefix = (prefix: string): string => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Likes and reposts from elsewhere (issue 29): one row per remote activity. */
export const createReactionRepo = (db: Db) => ({
  /** Adds it once: a redelivered activity (same remote id) changes nothing. Answers whether it was new. */
  async insert(row: Insertable<ReactionTable>): Promise<boolean> {
    const result = await db
      .insertInto('reaction')
      .values(row)
      .onConflict((oc) => oc.column('remote_id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  },

  async removeByRemoteId(remoteId: string): Promise<boolean> {
    const result = await db.deleteFrom('reaction').where('remote_id', '=', remoteId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },

  /** An Undo names the activity, but some servers only name who and what: that works too. */
  async removeByActor(actorUrl: string, kind: 'like' | 'repost', target: TargetRef): Promise<boolean> {
    const result = await db
      .deleteFrom('reaction')
      .where('actor_url', '=', actorUrl)
      .where('kind', '=', kind)
      .where('target_type', '=', target.targetType)
      .where('target_id', '=', target.targetId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },

  /** Every reaction by the actors whose address starts with `prefix` (an actor or a domain blocked). */
  async removeByActorPrefix(prefix: string): Promise<number> {
    const result = await db
      .deleteFrom('reaction')
      .where((eb) => sql<boolean>`${eb.ref('actor_url')} like ${likePrefix(prefix)} escape '\\'`)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },

  async counts({ targetType, targetId }: TargetRef): Promise<{ likes: number; reposts: number }> {
    const rows = await db
      .selectFrom('reaction')
      .select((eb) => ['kind', eb.fn.countAll<number | string>().as('n')])
      .where('target_type', '=', targetType)
      .where('target_id', '=', targetId)
      .groupBy('kind')
      .execute();
    const of = (kind: string) => Number(rows.find((row) => row.kind === kind)?.n ?? 0);
    return { likes: of('like'), reposts: of('repost') };
  },

  /** Likes and reposts of several targets of one type: targets with none are left out. */
  async countsMany(
    targetType: string,
    targetIds: readonly number[],
  ): Promise<Map<number, { likes: number; reposts: number }>> {
    const counts = new Map<number, { likes: number; reposts: number }>();
    if (targetIds.length === 0) return counts;
    const rows = await db
      .selectFrom('reaction')
      .select((eb) => ['target_id', 'kind', eb.fn.countAll<number | string>().as('n')])
      .where('target_type', '=', targetType)
      .where('target_id', 'in', targetIds)
      .groupBy(['target_id', 'kind'])
      .execute();
    for (const row of rows) {
      const entry = counts.get(row.target_id) ?? { likes: 0, reposts: 0 };
      if (row.kind === 'like') entry.likes = Number(row.n);
      else if (row.kind === 'repost') entry.reposts = Number(row.n);
      counts.set(row.target_id, entry);
    }
    return counts;
  },

  async removeForTarget({ targetType, targetId }: TargetRef): Promise<void> {
    await db
      .deleteFrom('reaction')
      .where('target_type', '=', targetType)
      .where('target_id', '=', targetId)
      .execute();
  },
});

export type ReactionRepo = ReturnType<typeof createReactionRepo>;
