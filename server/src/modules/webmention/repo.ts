import { createHash } from 'node:crypto';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { WebmentionReceivedTable, WebmentionSentTable } from '../../db/schemaWebmentions.ts';

export type ReceivedRow = Selectable<WebmentionReceivedTable>;
export type SentRow = Selectable<WebmentionSentTable>;

/** The row key of two addresses (sha256 hex): see migration 0025. */
export const keyOf = (...parts: (string | number)[]): string =>
  createHash('sha256').update(parts.join(' ')).digest('hex');

export const createWebmentionRepo = (db: Db) => ({
  received: (key: string) =>
    db.selectFrom('webmention_received').selectAll().where('key', '=', key).executeTakeFirst(),

  /**
   * A notification, new or repeated: a repeat (the source changed, W3C §3.2.1 update) is checked
   * again from scratch, keeping what the last check found until this one is done.
   */
  async receive(row: Insertable<WebmentionReceivedTable>): Promise<ReceivedRow> {
    const existing = await this.received(row.key);
    if (!existing)
      return db.insertInto('webmention_received').values(row).returningAll().executeTakeFirstOrThrow();
    return db
      .updateTable('webmention_received')
      .set({ status: 'pending', attempts: 0, next_check_at: row.next_check_at, received_at: row.received_at })
      .where('id', '=', existing.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  dueReceived: (now: number, limit: number) =>
    db
      .selectFrom('webmention_received')
      .selectAll()
      .where('status', '=', 'pending')
      .where('next_check_at', '<=', now)
      .orderBy('next_check_at')
      .limit(limit)
      .execute(),

  updateReceived: (id: number, changes: Updateable<WebmentionReceivedTable>) =>
    db.updateTable('webmention_received').set(changes).where('id', '=', id).execute(),

  /** Verified mentions of one target, oldest first (what the page shows). */
  verifiedFor: (targetType: string, targetId: number) =>
    db
      .selectFrom('webmention_received')
      .selectAll()
      .where('target_type', '=', targetType)
      .where('target_id', '=', targetId)
      .where('status', '=', 'verified')
      .orderBy('id')
      .execute(),

  sentFor: (essayId: number) =>
    db.selectFrom('webmention_sent').selectAll().where('essay_id', '=', essayId).execute(),

  insertSent: (row: Insertable<WebmentionSentTable>) =>
    db
      .insertInto('webmention_sent')
      .values(row)
      .onConflict((oc) => oc.column('key').doNothing())
      .execute(),

  updateSent: (id: number, changes: Updateable<WebmentionSentTable>) =>
    db.updateTable('webmention_sent').set(changes).where('id', '=', id).execute(),

  dueSent: (now: number, limit: number) =>
    db
      .selectFrom('webmention_sent')
      .selectAll()
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .orderBy('next_attempt_at')
      .limit(limit)
      .execute(),

  countPending: async (table: 'webmention_sent' | 'webmention_received'): Promise<number> => {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  },
});

export type WebmentionRepo = ReturnType<typeof createWebmentionRepo>;
