import type { AttemptMethod } from '@candy/contract/calls/auth';
import { rateLimited } from '../../http/errors.ts';
import { said } from '../../i18n/said.ts';
import type { AttemptScope, AttemptsRepo } from './attemptsRepo.ts';

/** Failures counted within this window. */
export const FAILURE_WINDOW_MS = 15 * 60_000;
/** Failures an address is allowed in the window before its logins are refused. */
export const FREE_FAILURES = 5;
/**
 * Issue 40.4: from the third failure of an address (since its last success), its next password
 * logins carry a proof of work — two typos cost the owner nothing, a guesser pays from the third.
 */
export const PROOF_AFTER_ADDRESS_FAILURES = 3;
/**
 * Issue 40.4: failed or refused password (and code) attempts from all addresses together in the
 * window, after which every password login carries a proof of work. This replaces the lock on the
 * username: a guesser spread over many addresses pays per guess, and the owner still gets in.
 */
export const PROOF_AFTER_SITE_ATTEMPTS = 10;
const FIRST_LOCK_MS = 60_000;

/**
 * How long an address stays refused after its last failure: nothing for the first five, then one
 * minute, doubling with every failure after the lock passes, at most the window itself.
 */
export const lockDuration = (failures: number): number =>
  failures < FREE_FAILURES ? 0 : Math.min(FIRST_LOCK_MS * 2 ** (failures - FREE_FAILURES), FAILURE_WINDOW_MS);

/**
 * The failures an attempt by `method` is judged by. A passkey cannot be guessed, so password and
 * code failures (anyone's, even on the same address) never hold a passkey back; its own failures do.
 */
const countedWith = (method: AttemptMethod): readonly AttemptMethod[] =>
  method === 'passkey' ? ['passkey'] : ['password', 'totp'];

/**
 * The brute-force limiter. Its counters are the login_attempt rows, so every replica sees the same
 * counts. Limits are per address: nobody's failures lock the owner out from elsewhere (issue 40.4).
 * The one account-wide limit is on TOTP codes, which only someone who knows the password can try.
 * A success clears the counter of its address.
 */
export const createLimiter = (attempts: AttemptsRepo) => {
  /** When the scope's lock ends (0: not locked), counting only attempts before `beforeId` when given. */
  const lockedUntil = async (
    scope: Omit<AttemptScope, 'outcomes'>,
    now: number,
    beforeId?: number,
  ): Promise<number> => {
    const since = Math.max(now - FAILURE_WINDOW_MS, await attempts.lastSuccessAt(scope.ip));
    const { count, lastAt } = await attempts.countSince({ ...scope, outcomes: ['failure'] }, since, beforeId);
    return count < FREE_FAILURES ? 0 : lastAt + lockDuration(count);
  };

  /** The address's lock for this method; for a TOTP code, the later of it and the account's. */
  const lockOf = async (ip: string, method: AttemptMethod, now: number, beforeId?: number): Promise<number> =>
    Math.max(
      await lockedUntil({ ip, methods: countedWith(method) }, now, beforeId),
      method === 'totp' ? await lockedUntil({ methods: ['totp'] }, now, beforeId) : 0,
    );

  /**
   * Failed or refused password and code attempts from every address in the window. Refusals count:
   * a guesser held back by its own address's lock or by the proof is still guessing.
   */
  const siteAttempts = async (now: number, beforeId?: number): Promise<number> =>
    (
      await attempts.countSince(
        { methods: ['password', 'totp'], outcomes: ['failure', 'limited', 'proof-required'] },
        now - FAILURE_WINDOW_MS,
        beforeId,
      )
    ).count;

  return {
    /** Throws 4290 with Retry-After while the address is locked for this method. */
    async check(ip: string, method: AttemptMethod, now: number): Promise<void> {
      const until = await lockOf(ip, method, now);
      if (until > now) throw rateLimited((until - now) / 1000, said('error.auth.tooManyFailures'));
    },

    /**
     * Whether attempt `attemptId` — already recorded as a failure before its password is checked —
     * is within the free failures. Parallel attempts each see the ones recorded before them, so a
     * burst gets no more tries than a sequence would.
     */
    admits: async (ip: string, method: AttemptMethod, attemptId: number, now: number): Promise<boolean> =>
      (await lockOf(ip, method, now, attemptId)) <= now,

    /**
     * Whether password attempt `attemptId` must carry a proof of work: its address failed often
     * since its last success, or the whole site has seen many failed attempts in the window.
     */
    async proofNeeded(ip: string, attemptId: number, now: number): Promise<boolean> {
      const since = Math.max(now - FAILURE_WINDOW_MS, await attempts.lastSuccessAt(ip));
      const scope: AttemptScope = { ip, methods: countedWith('password'), outcomes: ['failure'] };
      const address = await attempts.countSince(scope, since, attemptId);
      return (
        address.count >= PROOF_AFTER_ADDRESS_FAILURES ||
        (await siteAttempts(now, attemptId)) >= PROOF_AFTER_SITE_ATTEMPTS
      );
    },

    /** Whether every password login needs a proof of work right now (the sessions page says so). */
    proofForAll: async (now: number): Promise<boolean> =>
      (await siteAttempts(now)) >= PROOF_AFTER_SITE_ATTEMPTS,
  };
};

export type Limiter = ReturnType<typeof createLimiter>;
