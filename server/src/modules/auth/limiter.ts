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
  /** When the key's lock ends (0: not locked), counting only attempts before `beforeId` when given. */
  const lockedUntil = async (key: AttemptKey, now: number, beforeId?: number): Promise<number> => {
    const since = Math.max(now - FAILURE_WINDOW_MS, await attempts.lastSuccessAt(key));
    const { count, lastAt } = await attempts.failuresSince(key, since, beforeId);
    return count < FREE_FAILURES ? 0 : lastAt + lockDuration(count);
  };

  /** The later of the IP's and the username's lock. */
  const lockOf = async (username: string, ip: string, now: number, beforeId?: number): Promise<number> =>
    Math.max(
      await lockedUntil({ column: 'ip', value: ip }, now, beforeId),
      await lockedUntil({ column: 'username', value: username }, now, beforeId),
    );

  return {
    /** Throws 4290 with Retry-After while the IP or the username is locked. */
    async check(username: string, ip: string, now: number): Promise<void> {
      const until = await lockOf(username, ip, now);
      if (until > now) throw rateLimited((until - now) / 1000, '登录失败次数过多，请稍后再试');
    },

    /**
     * Whether attempt `attemptId` — already recorded as a failure before its password is checked —
     * is within the free failures. Parallel attempts each see the ones recorded before them, so a
     * burst gets no more tries than a sequence would.
     */
    admits: async (username: string, ip: string, attemptId: number, now: number): Promise<boolean> =>
      (await lockOf(username, ip, now, attemptId)) <= now,
  };
};

export type Limiter = ReturnType<typeof createLimiter>;
