import { ErrorCode } from '@candy/contract';
import {
  AttemptMethod,
  type ChangePasswordRequest,
  type LoginFailures,
  type LoginOutcome,
  type LoginRequest,
  type LoginResponse,
  type LoginSession,
  type SecondFactorNeeded,
  type SecurityResponse,
} from '@candy/contract/calls/auth';
import type { Logger } from 'pino';
import type { Caller } from '../../http/context.ts';
import { AppError, forbidden, invalidField, notFound, rateLimited, unauthorized } from '../../http/errors.ts';
import type { OwnerSession } from '../../http/guards.ts';
import { safeEqual } from '../../http/guards.ts';
import { said } from '../../i18n/said.ts';
import type { Notify } from '../../notify.ts';
import type { Handshakes } from '../system/handshakes.ts';
import { accessKeyHash, newAccessKey } from './accessKeys.ts';
import type { AttemptsRepo } from './attemptsRepo.ts';
import { FREE_FAILURES, type Limiter, lockDuration } from './limiter.ts';
import { decoy, hashPassword, PASSWORD_MAX, PASSWORD_MIN, verifyPassword } from './passwords.ts';
import { type AccessKeyRow, OWNER_ID, type OwnerRepo } from './repo.ts';
import { presentSession } from './sessionView.ts';

/** How a session logged in, shown on the security page. */
export type LoginMethod = AccessKeyRow['method'];

/**
 * The comment form's proof of work (issue 25) lent to the password login (issue 40.4): accepts a
 * solved challenge once, else throws 4033–4036. Attached once the comments module exists.
 */
export interface ProofOfWork {
  spend(proof: string | undefined): Promise<void>;
}

/** What a guarded attempt tries, and for the password login the proof of work it brought. */
export interface GuardOptions {
  method?: AttemptMethod;
  /** Present for a password login: a proof is asked for when the limiter says so (4038 without one). */
  login?: { proof: string | undefined };
}

/**
 * The security module's say in a password login (issue 26.2): whether a second factor is on, and a
 * ticket for the second step when it is. Attached after both modules exist, since each calls the other.
 */
export interface SecondFactorGate {
  required(): Promise<boolean>;
  issueTicket(): Promise<SecondFactorNeeded>;
}

/** A session's last-used time is written at most this often: the guard runs on every owner call. */
export const TOUCH_INTERVAL_MS = 60_000;
/** Login attempts and ended sessions are kept this long. */
const RETENTION_MS = 30 * 86_400_000;
const ATTEMPTS_SHOWN = 50;
/** The sessions page's summary of failed logins looks back a week, at most 20 address × method rows. */
const FAILURES_WINDOW_MS = 7 * 86_400_000;
const FAILURE_GROUPS_SHOWN = 20;
/** Longer than any key we issue (43 characters): anything longer is not worth a lookup. */
const MAX_KEY_LENGTH = 128;

export interface AuthDeps {
  owners: OwnerRepo;
  attempts: AttemptsRepo;
  limiter: Limiter;
  handshakes: Handshakes;
  accessKeyTtlMs: number;
  now: () => number;
  logger: Logger;
  /** Tells the owner about a login from a browser not seen logging in before. */
  notify: Notify;
}

export const createAuthService = (deps: AuthDeps) => {
  const { owners, attempts, limiter, handshakes, now, logger } = deps;

  const recordAttempt = (
    username: string,
    caller: Caller,
    outcome: 'success' | 'failure' | 'limited',
    method: AttemptMethod,
  ) =>
    attempts.record({
      username: username.slice(0, 64),
      ip: caller.ip.slice(0, 64),
      user_agent: caller.userAgent,
      outcome,
      method,
      created_at: now(),
    });

  /** The limiter's answer, with the refusal itself on the record. */
  const checkLimits = async (username: string, caller: Caller, method: AttemptMethod) => {
    try {
      await limiter.check(caller.ip, method, now());
    } catch (error) {
      await recordAttempt(username, caller, 'limited', method);
      logger.warn({ username, ip: caller.ip, method }, 'owner login refused: too many failures');
      throw error;
    }
  };

  let proofOfWork: ProofOfWork | undefined;

  /**
   * Spends the login's proof of work when the limiter asks for one (issue 40.4); refuses with 4038
   * when none came. A refused attempt is on the record as `proof-required`, not as a failure: no
   * password was looked at.
   */
  const requireProof = async (username: string, caller: Caller, attemptId: number, proof?: string) => {
    if (!(await limiter.proofNeeded(caller.ip, attemptId, now()))) return;
    try {
      if (!proof)
        throw new AppError(ErrorCode.loginProofRequired, said(`error.code.${ErrorCode.loginProofRequired}`));
      if (!proofOfWork) throw new Error('the proof of work was never attached to the login');
      await proofOfWork.spend(proof);
    } catch (error) {
      await attempts.settle(attemptId, 'proof-required');
      logger.warn({ username, ip: caller.ip }, 'owner login refused: proof of work needed');
      throw error;
    }
  };

  /**
   * Checks a username and password in constant time. An unknown username is checked against a
   * decoy hash, so it costs what a wrong password costs and answers the same.
   */
  const credentialsMatch = async (username: string, password: string): Promise<boolean> => {
    const owner = await owners.findOwner();
    const knownName = owner !== undefined && safeEqual(username, owner.username);
    const matches = await verifyPassword(password, knownName ? owner.password_hash : await decoy());
    return knownName && matches;
  };

  /** Logs a failed check; `record` when no attempt row was claimed for it beforehand. */
  const failed = async (username: string, caller: Caller, record: boolean, method: AttemptMethod) => {
    if (record) await recordAttempt(username, caller, 'failure', method);
    // Who and from where, never what was typed as the password.
    logger.warn({ username, ip: caller.ip, userAgent: caller.userAgent }, 'owner login failed');
  };

  /** Issues a new access key; only its digest is stored. */
  const openSession = async (
    caller: Pick<Caller, 'ip' | 'userAgent'>,
    method: LoginMethod = 'password',
  ): Promise<LoginSession> => {
    const at = now();
    const accessKey = newAccessKey();
    const accessExp = at + deps.accessKeyTtlMs;
    await owners.createSession({
      owner_id: OWNER_ID,
      key_hash: accessKeyHash(accessKey),
      created_at: at,
      expires_at: accessExp,
      last_used_at: at,
      ip: caller.ip.slice(0, 64),
      user_agent: caller.userAgent.slice(0, 256),
      authenticated_at: at,
      method,
    });
    return { accessKey, accessExp };
  };

  let gate: SecondFactorGate | undefined;

  /** A login that passed every check: on the record, the owner told of a new browser, a session. */
  const succeed = async (
    username: string,
    caller: Caller,
    attemptId: number,
    method: LoginMethod,
  ): Promise<LoginSession> => {
    await attempts.settle(attemptId, 'success');
    logger.info({ username, ip: caller.ip, method }, 'owner logged in');
    if (!(await attempts.knownDevice(caller.userAgent, attemptId))) {
      // Not awaited: a login never waits on a push service.
      void deps.notify({
        kind: 'login-new-device',
        title: said('auth.newDevice'),
        body: said('auth.newDeviceBody', {
          ip: caller.ip || said('auth.unknownIp'),
          userAgent: caller.userAgent || said('auth.noUserAgent'),
        }),
        url: '/great-old-one/index',
        level: 'warning',
      });
    }
    const session = await openSession(caller, method);
    await owners.purgeEndedSessions(now() - RETENTION_MS);
    await attempts.purgeBefore(now() - RETENTION_MS);
    return session;
  };

  /**
   * One proof of identity under the brute-force limiter (issue 26.2: a wrong TOTP code counts like a
   * wrong password): recorded as a failure before `check` runs, so parallel guesses cannot slip past
   * the limit. A password login also brings a proof of work when the limiter asks for one (issue
   * 40.4). Answers the attempt's id when `check` passes; throws `refusal` when it does not.
   */
  const guarded = async (
    username: string,
    caller: Caller,
    check: () => Promise<boolean>,
    refusal: () => Error,
    options: GuardOptions = {},
  ): Promise<number> => {
    const method = options.method ?? 'password';
    await checkLimits(username, caller, method);
    const attemptId = await recordAttempt(username, caller, 'failure', method);
    if (!(await limiter.admits(caller.ip, method, attemptId, now()))) {
      await attempts.settle(attemptId, 'limited');
      logger.warn({ username, ip: caller.ip, method }, 'owner login refused: too many failures');
      await limiter.check(caller.ip, method, now());
      throw rateLimited(lockDuration(FREE_FAILURES) / 1000, said('error.auth.tooManyFailures'));
    }
    if (options.login) await requireProof(username, caller, attemptId, options.login.proof);
    if (!(await check())) {
      await failed(username, caller, false, method);
      throw refusal();
    }
    return attemptId;
  };

  return {
    async login(body: LoginRequest, caller: Caller): Promise<LoginResponse> {
      await checkLimits(body.username, caller, 'password');
      const password = await handshakes.decrypt(caller.uuid, body.password, 'password');
      const attemptId = await guarded(
        body.username,
        caller,
        () => credentialsMatch(body.username, password),
        () => unauthorized(said('error.auth.badCredentials')),
        { login: { proof: body.proof } },
      );
      if (gate && (await gate.required())) {
        // Neither a failure nor a success: the TOTP step's guesses keep counting from here on.
        await attempts.settle(attemptId, 'second-factor');
        logger.info(
          { username: body.username, ip: caller.ip },
          'owner password accepted, second factor asked',
        );
        return gate.issueTicket();
      }
      return succeed(body.username, caller, attemptId, 'password');
    },

    attachSecondFactor(next: SecondFactorGate): void {
      gate = next;
    },

    attachProofOfWork(next: ProofOfWork): void {
      proofOfWork = next;
    },

    /** The owner's name, for the logins that do not type one (passkey, TOTP step). */
    async ownerName(): Promise<string> {
      return (await owners.findOwner())?.username ?? '';
    },

    guarded,
    succeed,

    /** A guarded check that passed but opens no session (turning TOTP off): clears the counters. */
    passed: (attemptId: number) => attempts.settle(attemptId, 'success'),

    /** Checks the owner's password (sealed like the login's) under the limiter; 4030 when wrong. */
    async checkPassword(sealed: string, caller: Caller, owner: OwnerSession): Promise<number> {
      await checkLimits(owner.username, caller, 'password');
      const password = await handshakes.decrypt(caller.uuid, sealed, 'password');
      return guarded(
        owner.username,
        caller,
        () => credentialsMatch(owner.username, password),
        () => forbidden(said('error.auth.badPassword')),
      );
    },

    /** The fresh-login confirmation: this session counts as just logged in. */
    async confirmed(owner: OwnerSession, attemptId: number | null): Promise<number> {
      if (attemptId !== null) await attempts.settle(attemptId, 'success');
      const at = now();
      await owners.setAuthenticated(owner.sessionId, at);
      return at;
    },

    async revokeOthers(owner: OwnerSession): Promise<{ revokedSessions: number }> {
      const revokedSessions = await owners.revokeAllSessions(now(), owner.sessionId);
      logger.info({ username: owner.username, revokedSessions }, 'owner ended every other session');
      return { revokedSessions };
    },

    openSession,

    /** The owner guard: the session of a live, unrevoked key, or null. */
    async verify(caller: Caller): Promise<OwnerSession | null> {
      const key = caller.fingerprint;
      if (!key || key.length > MAX_KEY_LENGTH) return null;
      const at = now();
      const session = await owners.findLiveSession(accessKeyHash(key), at);
      if (!session) return null;
      if (at - session.last_used_at >= TOUCH_INTERVAL_MS) await owners.touchSession(session.id, at);
      return {
        kind: 'session',
        sessionId: session.id,
        username: session.username,
        authenticatedAt: session.authenticated_at ?? session.created_at,
      };
    },

    async security(owner: OwnerSession): Promise<Omit<SecurityResponse, 'passkeys' | 'totp'>> {
      const sessions = await owners.liveSessions(now());
      const latest = await attempts.latest(ATTEMPTS_SHOWN);
      return {
        username: owner.username,
        sessions: sessions.map((s) => presentSession(s, owner.sessionId)),
        attempts: latest.map((a) => ({
          id: a.id,
          at: a.created_at,
          username: a.username,
          ip: a.ip,
          userAgent: a.user_agent,
          outcome: a.outcome as LoginOutcome,
        })),
      };
    },

    /** Failed and refused logins of the last week by address and method (issue 40.4). */
    async loginFailures(): Promise<LoginFailures> {
      const groups = await attempts.failureGroups(now() - FAILURES_WINDOW_MS, FAILURE_GROUPS_SHOWN);
      return {
        windowMs: FAILURES_WINDOW_MS,
        proofForAll: await limiter.proofForAll(now()),
        list: groups.map((g) => ({ ...g, method: AttemptMethod.catch('password').parse(g.method) })),
      };
    },

    async revokeSession(id: number): Promise<null> {
      if (!(await owners.revokeSession(id, now()))) throw notFound(said('error.auth.noSession'));
      return null;
    },

    async logout(owner: OwnerSession): Promise<null> {
      await owners.revokeSession(owner.sessionId, now());
      return null;
    },

    /** Needs the current password; the new one takes effect at once and every other session ends. */
    async changePassword(body: ChangePasswordRequest, caller: Caller, owner: OwnerSession) {
      await checkLimits(owner.username, caller, 'password');
      const current = await handshakes.decrypt(caller.uuid, body.password, 'password');
      const next = await handshakes.decrypt(caller.uuid, body.newPassword, 'newPassword');
      if (!(await credentialsMatch(owner.username, current))) {
        await failed(owner.username, caller, true, 'password');
        throw forbidden(said('error.auth.badCurrentPassword'));
      }
      if (next.length < PASSWORD_MIN || next.length > PASSWORD_MAX) {
        throw invalidField(
          'newPassword',
          'length',
          said('error.auth.passwordLength', { min: PASSWORD_MIN, max: PASSWORD_MAX }),
        );
      }
      await owners.setPasswordHash(await hashPassword(next), now());
      const revokedSessions = await owners.revokeAllSessions(now(), owner.sessionId);
      logger.info({ username: owner.username, ip: caller.ip, revokedSessions }, 'owner password changed');
      return { revokedSessions };
    },
  };
};

export type AuthService = ReturnType<typeof createAuthService>;
