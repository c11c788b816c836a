import type { Insertable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { ImageTable, VariantState } from '../../db/schema.ts';

/** The image pipeline's view of the `image` table (issue 30): variant state, thumbhash, widths. */
export const createImageRepo = (db: Db) => ({
  /** A picture stored by another module (the gallery): its copies are made like an upload's. */
  register: (row: Insertable<ImageTable>) =>
    db
      .insertInto('image')
      .values(row)
      .onConflict((oc) => oc.column('key').doNothing())
      .execute(),

  byHash: (hash: string) => db.selectFrom('image').select('key').where('hash', '=', hash).execute(),

  forget: (key: string) => db.deleteFrom('image').where('key', '=', key).execute(),

  /** The next picture whose copies are due, oldest first. */
  nextPending: (now: number) =>
    db
      .selectFrom('image')
      .select(['id', 'key', 'mime', 'variant_attempts'])
      .where('variant_state', '=', 'pending')
      .where('variant_after', '<=', now)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst(),

  async counts(): Promise<Record<VariantState, number>> {
    const rows = await db
      .selectFrom('image')
      .select(['variant_state', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('variant_state')
      .execute();
    const counts: Record<VariantState, number> = { pending: 0, ready: 0, failed: 0, skip: 0 };
    for (const row of rows) counts[row.variant_state] = Number(row.n);
    return counts;
  },

  lastFailure: () =>
    db
      .selectFrom('image')
      .select(['key', 'variant_error'])
      .where('variant_state', '=', 'failed')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),

  made: (
    id: number,
    row: { state: 'ready' | 'skip'; thumbhash: string | null; variants: string | null; hash: string | null },
  ) =>
    db
      .updateTable('image')
      .set({
        variant_state: row.state,
        thumbhash: row.thumbhash,
        variants: row.variants,
        hash: row.hash,
        variant_error: null,
      })
      .where('id', '=', id)
      .execute(),

  /** A failed attempt: tried again after `retryAt`, or given up (`failed`) after the last. */
  failed: (id: number, attempts: number, error: string, retryAt: number | null) =>
    db
      .updateTable('image')
      .set({
        variant_attempts: attempts,
        variant_error: error.slice(0, 500),
        ...(retryAt === null ? { variant_state: 'failed' as const } : { variant_after: retryAt }),
      })
      .where('id', '=', id)
      .execute(),

  /** Every given-up picture is tried again from the start. */
  retryFailed: async (): Promise<number> => {
    const result = await db
      .updateTable('image')
      .set({ variant_state: 'pending', variant_attempts: 0, variant_after: 0 })
      .where('variant_state', '=', 'failed')
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  },

  byKeys: (keys: string[]) =>
    keys.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('image')
          .select(['key', 'width', 'height', 'variant_state', 'thumbhash', 'variants', 'hash'])
          .where('key', 'in', keys)
          .execute(),

  /** Pictures by id, with their alt text (the Mastodon API's media attachments, issue 42). */
  described: (where: { ids?: number[]; keys?: string[] }) =>
    (where.ids ?? where.keys ?? []).length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('image')
          .select(['id', 'key', 'width', 'height', 'alt'])
          .$if(where.ids !== undefined, (q) => q.where('id', 'in', where.ids ?? []))
          .$if(where.keys !== undefined, (q) => q.where('key', 'in', where.keys ?? []))
          .execute(),

  async setAlt(id: number, alt: string | null): Promise<boolean> {
    const result = await db.updateTable('image').set({ alt }).where('id', '=', id).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },
});

export type ImageRepo = ReturnType<typeof createImageRepo>;
