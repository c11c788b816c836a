import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { NewsletterDeliveryTable, NewsletterIssueTable } from '../../db/schemaNewsletter.ts';

export type IssueRow = Selectable<NewsletterIssueTable>;
export type DeliveryRow = Selectable<NewsletterDeliveryTable>;
export type DeliveryCounts = Record<'sent' | 'failed' | 'pending' | 'skipped', number>;

/** Each essay's mailing and its deliveries (issue 43). */
export const createDeliveryRepo = (db: Db) => ({
  issue: (essayId: number) =>
    db.selectFrom('newsletter_issue').selectAll().where('essay_id', '=', essayId).executeTakeFirst(),

  /** Answers whether the row was added: an essay has one mailing, whoever asks first decides its state. */
  async createIssue(row: IssueRow): Promise<boolean> {
    const result = await db
      .insertInto('newsletter_issue')
      .values(row)
      .onConflict((oc) => oc.column('essay_id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  },

  async setIssue(essayId: number, changes: Partial<Pick<IssueRow, 'state' | 'subject'>>): Promise<void> {
    await db.updateTable('newsletter_issue').set(changes).where('essay_id', '=', essayId).execute();
  },

  issues: () =>
    db.selectFrom('newsletter_issue').selectAll().orderBy('created_at', 'desc').limit(200).execute(),

  /**
   * A delivery row for every confirmed subscriber, in one statement; the unique (essay, subscriber)
   * key skips whoever already has one, so asking again never mails anyone twice.
   */
  async queueConfirmed(essayId: number, at: number): Promise<void> {
    await db
      .insertInto('newsletter_delivery')
      .columns(['essay_id', 'subscriber_id', 'status', 'attempts', 'not_before'])
      .expression(
        db
          .selectFrom('newsletter_subscriber')
          .select([
            sql.lit(essayId).as('essay_id'),
            'id',
            sql.lit('pending').as('status'),
            sql.lit(0).as('attempts'),
            sql.lit(at).as('not_before'),
          ])
          .where('status', '=', 'confirmed'),
      )
      .onConflict((oc) => oc.columns(['essay_id', 'subscriber_id']).doNothing())
      .execute();
  },

  /**
   * Deliveries due now, oldest first, with their subscriber (null when removed since): pending ones,
   * and claims older than `staleBefore` (their replica died mid-send).
   */
  due: (at: number, staleBefore: number, limit: number) =>
    db
      .selectFrom('newsletter_delivery as d')
      .leftJoin('newsletter_subscriber as s', 's.id', 'd.subscriber_id')
      .select([
        'd.id',
        'd.essay_id',
        'd.subscriber_id',
        'd.attempts',
        'd.claimed_at',
        's.email',
        's.status as subscriber_status',
      ])
      .where((eb) =>
        eb.or([
          eb.and([eb('d.status', '=', 'pending'), eb('d.not_before', '<=', at)]),
          eb.and([eb('d.status', '=', 'sending'), eb('d.claimed_at', '<', staleBefore)]),
        ]),
      )
      .orderBy('d.id')
      .limit(limit)
      .execute(),

  /** Takes one delivery for this run: answers false when another run took it first. */
  async claim(row: { id: number; claimed_at: number | null }, at: number): Promise<boolean> {
    let update = db
      .updateTable('newsletter_delivery')
      .set({ status: 'sending', claimed_at: at })
      .where('id', '=', row.id);
    update =
      row.claimed_at === null
        ? update.where('status', '=', 'pending')
        : update.where('status', '=', 'sending').where('claimed_at', '=', row.claimed_at);
    return Number((await update.executeTakeFirst()).numUpdatedRows) > 0;
  },

  async finish(id: number, status: 'sent' | 'failed' | 'skipped', at: number, error: string | null = null) {
    await db
      .updateTable('newsletter_delivery')
      .set({ status, sent_at: status === 'sent' ? at : null, error: error?.slice(0, 500) ?? null })
      .where('id', '=', id)
      .execute();
  },

  async retryLater(id: number, attempts: number, notBefore: number, error: string): Promise<void> {
    await db
      .updateTable('newsletter_delivery')
      .set({
        status: 'pending',
        attempts,
        not_before: notBefore,
        claimed_at: null,
        error: error.slice(0, 500),
      })
      .where('id', '=', id)
      .execute();
  },

  async skipPending(essayId: number): Promise<void> {
    await db
      .updateTable('newsletter_delivery')
      .set({ status: 'skipped' })
      .where('essay_id', '=', essayId)
      .where('status', '=', 'pending')
      .execute();
  },

  async sentSince(at: number): Promise<number> {
    const row = await db
      .selectFrom('newsletter_delivery')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('sent_at', '>=', at)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** Delivery counts per essay; `sending` counts as pending. */
  async counts(): Promise<Map<number, DeliveryCounts>> {
    const rows = await db
      .selectFrom('newsletter_delivery')
      .select(['essay_id', 'status', (eb) => eb.fn.countAll().as('n')])
      .groupBy(['essay_id', 'status'])
      .execute();
    const byEssay = new Map<number, DeliveryCounts>();
    for (const row of rows) {
      const counts = byEssay.get(row.essay_id) ?? { sent: 0, failed: 0, pending: 0, skipped: 0 };
      counts[row.status === 'sending' ? 'pending' : row.status] += Number(row.n);
      byEssay.set(row.essay_id, counts);
    }
    return byEssay;
  },

  /** Mailings with nothing left to send are done. */
  async finishIssues(): Promise<void> {
    await db
      .updateTable('newsletter_issue')
      .set({ state: 'done' })
      .where('state', '=', 'queued')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('newsletter_delivery')
              .select('newsletter_delivery.id')
              .whereRef('newsletter_delivery.essay_id', '=', 'newsletter_issue.essay_id')
              .where('newsletter_delivery.status', 'in', ['pending', 'sending']),
          ),
        ),
      )
      .execute();
  },
});

export type DeliveryRepo = ReturnType<typeof createDeliveryRepo>;
