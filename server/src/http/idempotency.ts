import type { Db } from '../db/index.ts';

/** Keys are kept this long: far longer than any balancer or client retries a request. */
const KEEP_MS = 24 * 3_600_000;
const MAX_KEY_LENGTH = 200;

export type IdempotencyClaim =
  | { kind: 'new' }
  /** The same write was done before: its answer, to send again. */
  | { kind: 'done'; answer: string }
  /** The key is running, died with its replica, or was used for another call. */
  | { kind: 'refused' };

/**
 * Owner writes with an `Idempotency-Key` header (issue 28). nginx sends a PUT or DELETE again to the
 * next replica when the first one died mid-answer; a client may retry after a timeout. The key is
 * claimed in the database before the write (so every replica sees it), the answer stored after, and a
 * retry gets that answer instead of a second write. A write that failed frees its key for a retry.
 */
export const createIdempotency = (db: Db, now: () => number) => ({
  keyOf(header: string | string[] | undefined): string | undefined {
    const key = Array.isArray(header) ? header[0] : header;
    return key && key.length <= MAX_KEY_LENGTH ? key : undefined;
  },

  async claim(key: string, request: string): Promise<IdempotencyClaim> {
    const at = now();
    await db
      .deleteFrom('idempotency_key')
      .where('created_at', '<', at - KEEP_MS)
      .execute();
    const inserted = await db
      .insertInto('idempotency_key')
      .values({ key, request, answer: null, created_at: at })
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return { kind: 'new' };
    const row = await db.selectFrom('idempotency_key').selectAll().where('key', '=', key).executeTakeFirst();
    return row && row.request === request && row.answer !== null
      ? { kind: 'done', answer: row.answer }
      : { kind: 'refused' };
  },

  async finish(key: string, answer: string): Promise<void> {
    await db.updateTable('idempotency_key').set({ answer }).where('key', '=', key).execute();
  },

  async release(key: string): Promise<void> {
    await db.deleteFrom('idempotency_key').where('key', '=', key).where('answer', 'is', null).execute();
  },
});

export type Idempotency = ReturnType<typeof createIdempotency>;
