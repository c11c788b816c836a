import type { Selectable } from 'kysely';
import type { Db } from '../../../db/index.ts';
import type { ReplyNoticeTable, VisitorPushSubscriptionTable } from '../../../db/schemaReplies.ts';

export type VisitorSubscriptionRow = Selectable<VisitorPushSubscriptionTable>;
export type ReplyNoticeRow = Selectable<ReplyNoticeTable>;

/** The tables of issue 25.3: visitors' browsers, the queue of replies, mail throttle and opt-outs. */
export const createReplyRepo = (db: Db) => ({
  /** One browser serves one device: subscribing again (another uuid, new keys) takes it over. */
  async subscribe(row: VisitorSubscriptionRow): Promise<void> {
    await db
      .insertInto('visitor_push_subscription')
      .values(row)
      .onConflict((oc) =>
        oc.column('endpoint').doUpdateSet({ uuid: row.uuid, p256dh: row.p256dh, auth: row.auth }),
      )
      .execute();
  },

  async unsubscribe(endpoint: string, uuid: string): Promise<void> {
    await db
      .deleteFrom('visitor_push_subscription')
      .where('endpoint', '=', endpoint)
      .where('uuid', '=', uuid)
      .execute();
  },

  /** The push service said this browser is gone (404/410). */
  async dropEndpoint(endpoint: string): Promise<void> {
    await db.deleteFrom('visitor_push_subscription').where('endpoint', '=', endpoint).execute();
  },

  async isSubscribed(endpoint: string, uuid: string): Promise<boolean> {
    const row = await db
      .selectFrom('visitor_push_subscription')
      .select('endpoint')
      .where('endpoint', '=', endpoint)
      .where('uuid', '=', uuid)
      .executeTakeFirst();
    return row !== undefined;
  },

  subscriptionsOf: (uuid: string) =>
    db.selectFrom('visitor_push_subscription').selectAll().where('uuid', '=', uuid).execute(),

  async enqueue(commentId: number, at: number): Promise<void> {
    await db
      .insertInto('reply_notice')
      .values({ comment_id: commentId, run_after: at, last_error: null, created_at: at })
      .execute();
  },

  /** The oldest notices due now. */
  due: (at: number, limit: number) =>
    db
      .selectFrom('reply_notice')
      .selectAll()
      .where('run_after', '<=', at)
      .orderBy('id')
      .limit(limit)
      .execute(),

  async countPending(): Promise<number> {
    const row = await db
      .selectFrom('reply_notice')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  },

  async markChannels(id: number, done: { push: boolean; mail: boolean }): Promise<void> {
    await db
      .updateTable('reply_notice')
      .set({ push_done: done.push ? 1 : 0, mail_done: done.mail ? 1 : 0 })
      .where('id', '=', id)
      .execute();
  },

  async retryLater(id: number, attempts: number, runAfter: number, error: string): Promise<void> {
    await db
      .updateTable('reply_notice')
      .set({ attempts, run_after: runAfter, last_error: error.slice(0, 500) })
      .where('id', '=', id)
      .execute();
  },

  async finish(id: number): Promise<void> {
    await db.deleteFrom('reply_notice').where('id', '=', id).execute();
  },

  /**
   * Takes the address's hourly mail slot for a thread: true when no mail went out about it since
   * `since`. One statement, so two replicas racing for the same slot cannot both win.
   */
  async claimMailSlot(email: string, threadId: number, at: number, since: number): Promise<boolean> {
    const result = await db
      .insertInto('reply_mail_sent')
      .values({ email, thread_id: threadId, sent_at: at })
      .onConflict((oc) =>
        oc
          .columns(['email', 'thread_id'])
          .doUpdateSet({ sent_at: at })
          .where('reply_mail_sent.sent_at', '<', since),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  },

  /** A mail that failed to go out gives its slot back, so the retry may send it. */
  async releaseMailSlot(email: string, threadId: number, at: number): Promise<void> {
    await db
      .deleteFrom('reply_mail_sent')
      .where('email', '=', email)
      .where('thread_id', '=', threadId)
      .where('sent_at', '=', at)
      .execute();
  },

  async optOut(email: string, at: number): Promise<void> {
    await db
      .insertInto('reply_mail_optout')
      .values({ email, created_at: at })
      .onConflict((oc) => oc.column('email').doNothing())
      .execute();
  },

  async hasOptedOut(email: string): Promise<boolean> {
    const row = await db
      .selectFrom('reply_mail_optout')
      .select('email')
      .where('email', '=', email)
      .executeTakeFirst();
    return row !== undefined;
  },
});

export type ReplyRepo = ReturnType<typeof createReplyRepo>;
