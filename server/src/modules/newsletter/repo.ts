import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { NewsletterSubscriberTable } from '../../db/schemaNewsletter.ts';

export type SubscriberRow = Selectable<NewsletterSubscriberTable>;
type Status = SubscriberRow['status'];

/** `%term%` for LIKE, with LIKE's own characters escaped (emails are stored lower-cased). */
const likePattern = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The subscribers (issue 43). */
export const createSubscriberRepo = (db: Db) => ({
  findByEmail: (email: string) =>
    db.selectFrom('newsletter_subscriber').selectAll().where('email', '=', email).executeTakeFirst(),

  findById: (id: number) =>
    db.selectFrom('newsletter_subscriber').selectAll().where('id', '=', id).executeTakeFirst(),

  /** Answers whether the row was added (an address already there is left alone). */
  async insert(row: {
    email: string;
    status: Status;
    source: SubscriberRow['source'];
    confirm_wanted_at: number | null;
    confirmed_at: number | null;
    created_at: number;
  }): Promise<boolean> {
    const result = await db
      .insertInto('newsletter_subscriber')
      .values(row)
      .onConflict((oc) => oc.column('email').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  },

  /** Owes the address a confirmation mail again (a new subscription of a pending or left address). */
  async wantConfirmation(id: number, at: number): Promise<void> {
    await db
      .updateTable('newsletter_subscriber')
      .set({ status: 'pending', confirm_wanted_at: at })
      .where('id', '=', id)
      .where('status', 'in', ['pending', 'unsubscribed'])
      .execute();
  },

  /** Addresses owed a confirmation mail, oldest request first. */
  owedConfirmations: (limit: number) =>
    db
      .selectFrom('newsletter_subscriber')
      .selectAll()
      .where('status', '=', 'pending')
      .where('confirm_wanted_at', 'is not', null)
      .orderBy('confirm_wanted_at')
      .limit(limit)
      .execute(),

  /**
   * Takes the owed mail for this run (a replica racing for it finds it taken) and stores the new
   * token's hash: answers whether this run got it.
   */
  async claimConfirmation(
    row: Pick<SubscriberRow, 'id' | 'confirm_wanted_at'>,
    token: { hash: string; expires: number },
    at: number,
  ): Promise<boolean> {
    if (row.confirm_wanted_at === null) return false;
    const result = await db
      .updateTable('newsletter_subscriber')
      .set({
        confirm_wanted_at: null,
        confirm_sent_at: at,
        token_hash: token.hash,
        token_expires: token.expires,
      })
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .where('confirm_wanted_at', '=', row.confirm_wanted_at)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  findByToken: (hash: string, at: number) =>
    db
      .selectFrom('newsletter_subscriber')
      .selectAll()
      .where('token_hash', '=', hash)
      .where('token_expires', '>', at)
      .executeTakeFirst(),

  async confirm(id: number, at: number): Promise<void> {
    await db
      .updateTable('newsletter_subscriber')
      .set({ status: 'confirmed', confirmed_at: at, last_error: null })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .execute();
  },

  async unsubscribe(email: string, at: number): Promise<void> {
    await db
      .updateTable('newsletter_subscriber')
      .set({ status: 'unsubscribed', unsubscribed_at: at, confirm_wanted_at: null, token_hash: null })
      .where('email', '=', email)
      .where('status', 'in', ['pending', 'confirmed'])
      .execute();
  },

  /** The SMTP server refused the address for good: no more mail to it. */
  async markBounced(id: number, error: string): Promise<void> {
    await db
      .updateTable('newsletter_subscriber')
      .set({ status: 'bounced', last_error: error.slice(0, 500), confirm_wanted_at: null })
      .where('id', '=', id)
      .execute();
  },

  async remove(id: number): Promise<boolean> {
    const result = await db.deleteFrom('newsletter_subscriber').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },

  page: (
    query: { q?: string | undefined; status?: Status | undefined; start?: number | undefined },
    limit: number,
  ) => {
    let select = db.selectFrom('newsletter_subscriber').selectAll();
    if (query.q) select = select.where(sql<boolean>`email like ${likePattern(query.q)} escape '\\'`);
    if (query.status) select = select.where('status', '=', query.status);
    if (query.start !== undefined) select = select.where('id', '<', query.start);
    return select.orderBy('id', 'desc').limit(limit).execute();
  },

  async counts(): Promise<Record<Status, number>> {
    const rows = await db
      .selectFrom('newsletter_subscriber')
      .select(['status', (eb) => eb.fn.countAll().as('n')])
      .groupBy('status')
      .execute();
    const counts: Record<Status, number> = { pending: 0, confirmed: 0, unsubscribed: 0, bounced: 0 };
    for (const row of rows) counts[row.status] = Number(row.n);
    return counts;
  },

  all: () => db.selectFrom('newsletter_subscriber').selectAll().orderBy('id').execute(),

  /** Confirmation mails sent since `at` (they count against the sending rate). */
  async confirmationsSince(at: number): Promise<number> {
    const row = await db
      .selectFrom('newsletter_subscriber')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('confirm_sent_at', '>=', at)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },
});

export type SubscriberRepo = ReturnType<typeof createSubscriberRepo>;
