import { rateLimited } from '../../http/errors.ts';
import type { AttemptKey, AttemptsRepo } from './attemptsRepo.ts';

/** Failures counted within this window, per IP and per username. */
export const FAILURE_WINDOW_MS = 15 * 60_000;
/** Failures allowed in the window before logins are refused. */
export const FREE_FAILURES = 5;
const FIRST_LOCK_MS = 60_000;

/**
 * How long logins stay refused after the last failure: nothing for the first five, then one minute,
 * doubling with every failure after the lock passes, at most the window itself.
 */
export const lockDuration = (failures: number): number =>
  failures < FREE_FAILURES ? 0 : Math.min(FIRST_LOCK_MS * 2 ** (failures - FREE_FAILURES), FAILURE_WINDOW_MS);

/**
 * The brute-force limiter. Its counters are the login_attempt rows, so every replica sees the same
 * counts. A success clears the counter of its IP and its username.
 */
export const createLimiter = (attempts: AttemptsRepo) => {
  const lockedUntil = async (key: AttemptKey, now: number): Promise<number> => {
    const since = Math.max(now - FAILURE_WINDOW_MS, await attempts.lastSuccessAt(key));
    const { count, lastAt } = await attempts.failuresSince(key, since);
    return count < FREE_FAILURES ? 0 : lastAt + lockDuration(count);
  };

  return {
    /** Throws 4290 with Retry-After while the IP or the username is locked. */
    async check(username: string, ip: string, now: number): Promise<void> {
      const until = Math.max(
        await lockedUntil({ column: 'ip', value: ip }, now),
        await lockedUntil({ column: 'username', value: username }, now),
      );
      if (until > now) throw rateLimited((until - now) / 1000, '登录失败次数过多，请稍后再试');
    },

    /**
     * Whether attempt `attemptId` — already recorded as a failure before its password is checked —
     * is within the free failures. Parallel attempts each see the ones recorded before them, so a
     * burst gets no more tries than a sequence would.
     */
    async admits(username: string, ip: string, attemptId: number, now: number): Promise<boolean> {
      for (const key of [
        { column: 'ip', value: ip },
        { column: 'username', value: username },
      ] as const) {
        const since = Math.max(now - FAILURE_WINDOW_MS, await attempts.lastSuccessAt(key));
        const { count, lastAt } = await attempts.failuresBefore(key, since, attemptId);
        // The same lock `check` applies, over the attempts recorded before this one.
        if (count >= FREE_FAILURES && lastAt + lockDuration(count) > now) return false;
      }
      return true;
    },
  };
};

export type Limiter = ReturnType<typeof createLimiter>;
