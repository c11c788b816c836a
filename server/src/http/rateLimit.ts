import type { Db } from '../db/index.ts';
import type { Message } from '../i18n/said.ts';
import { rateLimited } from './errors.ts';

/** At most `limit` hits in any `windowMs` long stretch of time (a sliding window). */
export interface RateRule {
  limit: number;
  windowMs: number;
}

export interface RateLimiter {
  /**
   * Records one hit on every bucket when each bucket's rules all allow it. Otherwise records
   * nothing and throws 4290 whose Retry-After is the longest wait among the refused buckets.
   */
  hit(buckets: readonly string[], rules: readonly RateRule[], message?: Message): Promise<void>;
  /** How many hits `bucket` took in the last `windowMs` (within its longest rule's window). */
  count(bucket: string, windowMs: number): Promise<number>;
}

/** How often buckets whose hits have all left their windows are swept away (per process). */
const purgeEveryMs = 10 * 60_000;
/** A lost optimistic-lock race is retried this many times before the caller is told to wait. */
const maxAttempts = 5;

/**
 * How long until `hits` (sorted ascending) leaves room for one more hit under `rule` at `now`:
 * 0 when there is room already.
 */
export const waitFor = (hits: readonly number[], rule: RateRule, now: number): number => {
  const inWindow = hits.filter((at) => at > now - rule.windowMs);
  if (inWindow.length < rule.limit) return 0;
  // The oldest hit that must leave the window before a new one fits.
  const blocking = inWindow[inWindow.length - rule.limit] as number;
  return blocking + rule.windowMs - now;
};

class Refused extends Error {
  constructor(readonly waitMs: number) {
    super('rate limited');
  }
}

class LostRace extends Error {}

/**
 * Sliding-window rate limits kept in the database, so every replica sees the same counts. A bucket
 * is one row holding the recent hit times; writes carry an optimistic version check and run in a
 * transaction, so two replicas racing for the last free slot cannot both take it, and a refusal on
 * one bucket leaves the others untouched.
 */
export const createRateLimiter = (db: Db, now: () => number = Date.now): RateLimiter => {
  let lastPurge = 0;

  const purge = async (at: number) => {
    if (at - lastPurge < purgeEveryMs) return;
    lastPurge = at;
    await db.deleteFrom('rate_limit').where('expires_at', '<=', at).execute();
  };

  const attempt = async (buckets: readonly string[], rules: readonly RateRule[], at: number) => {
    const longest = Math.max(...rules.map((rule) => rule.windowMs));
    await db.transaction().execute(async (trx) => {
      let waitMs = 0;
      const writes: (() => Promise<void>)[] = [];
      for (const bucket of buckets) {
        const row = await trx
          .selectFrom('rate_limit')
          .select(['hits', 'version'])
          .where('bucket', '=', bucket)
          .executeTakeFirst();
        const hits = row ? (JSON.parse(row.hits) as number[]).filter((t) => t > at - longest) : [];
        const wait = Math.max(...rules.map((rule) => waitFor(hits, rule, at)));
        if (wait > 0) {
          waitMs = Math.max(waitMs, wait);
          continue;
        }
        const next = JSON.stringify([...hits, at]);
        writes.push(async () => {
          if (!row) {
            const inserted = await trx
              .insertInto('rate_limit')
              .values({ bucket, hits: next, version: 1, expires_at: at + longest })
              .onConflict((oc) => oc.column('bucket').doNothing())
              .executeTakeFirst();
            if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) throw new LostRace();
            return;
          }
          const updated = await trx
            .updateTable('rate_limit')
            .set({ hits: next, version: row.version + 1, expires_at: at + longest })
            .where('bucket', '=', bucket)
            .where('version', '=', row.version)
            .executeTakeFirst();
          if (Number(updated.numUpdatedRows) === 0) throw new LostRace();
        });
      }
      if (waitMs > 0) throw new Refused(waitMs);
      for (const write of writes) await write();
    });
  };

  return {
    async hit(buckets, rules, message) {
      const at = now();
      for (let tries = 1; ; tries += 1) {
        try {
          await attempt(buckets, rules, at);
          break;
        } catch (error) {
          if (error instanceof Refused) throw rateLimited(error.waitMs / 1000, message);
          // Someone else wrote the bucket between our read and write: read again.
          if (error instanceof LostRace && tries < maxAttempts) continue;
          if (error instanceof LostRace) throw rateLimited(1, message);
          throw error;
        }
      }
      await purge(at);
    },

    async count(bucket, windowMs) {
      const row = await db
        .selectFrom('rate_limit')
        .select('hits')
        .where('bucket', '=', bucket)
        .executeTakeFirst();
      const since = now() - windowMs;
      return row ? (JSON.parse(row.hits) as number[]).filter((t) => t > since).length : 0;
    },
  };
};

/**
 * The same sliding windows kept in this process's memory (issue 16): for limits checked on a hot
 * path where a database write per hit would be most of the cost (the knock). Replicas each count
 * their own hits, so with N replicas a caller gets up to N times the limit.
 */
export const createMemoryRateLimiter = (now: () => number = Date.now, maxBuckets = 50_000): RateLimiter => {
  const buckets = new Map<string, number[]>();
  let lastPurge = 0;
  return {
    async hit(names, rules, message) {
      const at = now();
      const longest = Math.max(...rules.map((rule) => rule.windowMs));
      if (at - lastPurge >= purgeEveryMs || buckets.size > maxBuckets) {
        lastPurge = at;
        for (const [name, hits] of buckets) if ((hits.at(-1) ?? 0) <= at - longest) buckets.delete(name);
      }
      let waitMs = 0;
      const kept = names.map((name) => {
        const hits = (buckets.get(name) ?? []).filter((t) => t > at - longest);
        waitMs = Math.max(waitMs, ...rules.map((rule) => waitFor(hits, rule, at)));
        return hits;
      });
      if (waitMs > 0) throw rateLimited(waitMs / 1000, message);
      names.forEach((name, i) => {
        buckets.set(name, [...(kept[i] ?? []), at]);
      });
    },
    async count(name, windowMs) {
      const since = now() - windowMs;
      return (buckets.get(name) ?? []).filter((t) => t > since).length;
    },
  };
};
