import type { LoginOutcome } from '@candy/contract/calls/auth';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { LoginAttemptTable } from '../../db/schema.ts';

export type LoginAttempt = Selectable<LoginAttemptTable>;

/** Which column a brute-force counter keys on. */
export type AttemptKey = { column: 'ip' | 'username'; value: string };

/** Login attempts: the security page's list and the brute-force limiter's counters. */
export const createAttemptsRepo = (db: Db) => ({
  /** Records an attempt and answers its id (the claim the limiter orders parallel attempts by). */
  async record(row: Omit<LoginAttempt, 'id' | 'outcome'> & { outcome: LoginOutcome }): Promise<number> {
    const inserted = await db
      .insertInto('login_attempt')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(inserted.id);
  },

  async settle(id: number, outcome: LoginOutcome): Promise<void> {
    await db.updateTable('login_attempt').set({ outcome }).where('id', '=', id).execute();
  },

  latest: (limit: number) =>
    db.selectFrom('login_attempt').selectAll().orderBy('id', 'desc').limit(limit).execute(),

  /** Whether a login before attempt `beforeId` succeeded from this browser (same User-Agent). */
  async knownDevice(userAgent: string, beforeId: number): Promise<boolean> {
    const row = await db
      .selectFrom('login_attempt')
      .select('id')
      .where('user_agent', '=', userAgent)
      .where('outcome', '=', 'success')
      .where('id', '<', beforeId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  },

  /** The time of the last successful login for this key, 0 when none. */
  async lastSuccessAt({ column, value }: AttemptKey): Promise<number> {
    const row = await db
      .selectFrom('login_attempt')
      .select((eb) => eb.fn.max('created_at').as('at'))
      .where(column, '=', value)
      .where('outcome', '=', 'success')
      .executeTakeFirst();
    return Number(row?.at ?? 0);
  },

  /**
   * Failures for this key after `since` — only those recorded before attempt `beforeId` when given:
   * how many, and when the last one was.
   */
  async failuresSince(
    { column, value }: AttemptKey,
    since: number,
    beforeId?: number,
  ): Promise<{ count: number; lastAt: number }> {
    let query = db
      .selectFrom('login_attempt')
      .select((eb) => [eb.fn.countAll().as('count'), eb.fn.max('created_at').as('lastAt')])
      .where(column, '=', value)
      .where('outcome', '=', 'failure')
      .where('created_at', '>', since);
    if (beforeId !== undefined) query = query.where('id', '<', beforeId);
    const row = await query.executeTakeFirst();
    return { count: Number(row?.count ?? 0), lastAt: Number(row?.lastAt ?? 0) };
  },

  async purgeBefore(before: number): Promise<void> {
    await db.deleteFrom('login_attempt').where('created_at', '<', before).execute();
  },
});

export type AttemptsRepo = ReturnType<typeof createAttemptsRepo>;
