import type { AttemptMethod, LoginOutcome } from '@candy/contract/calls/auth';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { LoginAttemptTable } from '../../db/schema.ts';

export type LoginAttempt = Selectable<LoginAttemptTable>;

/**
 * Which attempts a brute-force counter counts: of these methods and outcomes, from one address or
 * (without `ip`) from every address.
 */
export interface AttemptScope {
  ip?: string;
  methods: readonly AttemptMethod[];
  outcomes: readonly LoginOutcome[];
}

/** Login attempts: the security page's lists and the brute-force limiter's counters. */
export const createAttemptsRepo = (db: Db) => ({
  /** Records an attempt and answers its id (the claim the limiter orders parallel attempts by). */
  async record(
    row: Omit<LoginAttempt, 'id' | 'outcome' | 'method'> & { outcome: LoginOutcome; method: AttemptMethod },
  ): Promise<number> {
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

  /** The time of the last successful login from this address (from any without one), 0 when none. */
  async lastSuccessAt(ip?: string): Promise<number> {
    let query = db
      .selectFrom('login_attempt')
      .select((eb) => eb.fn.max('created_at').as('at'))
      .where('outcome', '=', 'success');
    if (ip !== undefined) query = query.where('ip', '=', ip);
    const row = await query.executeTakeFirst();
    return Number(row?.at ?? 0);
  },

  /**
   * Attempts in `scope` after `since` — only those recorded before attempt `beforeId` when given:
   * how many, and when the last one was.
   */
  async countSince(
    scope: AttemptScope,
    since: number,
    beforeId?: number,
  ): Promise<{ count: number; lastAt: number }> {
    let query = db
      .selectFrom('login_attempt')
      .select((eb) => [eb.fn.countAll().as('count'), eb.fn.max('created_at').as('lastAt')])
      .where('method', 'in', scope.methods)
      .where('outcome', 'in', scope.outcomes)
      .where('created_at', '>', since);
    if (scope.ip !== undefined) query = query.where('ip', '=', scope.ip);
    if (beforeId !== undefined) query = query.where('id', '<', beforeId);
    const row = await query.executeTakeFirst();
    return { count: Number(row?.count ?? 0), lastAt: Number(row?.lastAt ?? 0) };
  },

  /**
   * Failed and refused attempts after `since`, one row per address and method, the most recent
   * first: the sessions page's summary (issue 40.4).
   */
  async failureGroups(since: number, limit: number) {
    const rows = await db
      .selectFrom('login_attempt')
      .select((eb) => [
        'ip',
        'method',
        eb.fn.sum<number>(eb.case().when('outcome', '=', 'failure').then(1).else(0).end()).as('failures'),
        eb.fn.sum<number>(eb.case().when('outcome', '=', 'failure').then(0).else(1).end()).as('refused'),
        eb.fn.min('created_at').as('firstAt'),
        eb.fn.max('created_at').as('lastAt'),
      ])
      .where('outcome', 'in', ['failure', 'limited', 'proof-required'])
      .where('created_at', '>', since)
      .groupBy(['ip', 'method'])
      .orderBy('lastAt', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      ip: row.ip,
      method: row.method,
      failures: Number(row.failures),
      refused: Number(row.refused),
      firstAt: Number(row.firstAt),
      lastAt: Number(row.lastAt),
    }));
  },

  async purgeBefore(before: number): Promise<void> {
    await db.deleteFrom('login_attempt').where('created_at', '<', before).execute();
  },
});

export type AttemptsRepo = ReturnType<typeof createAttemptsRepo>;
