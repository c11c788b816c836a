import type {
  ChangePasswordRequest,
  LoginRequest,
  LoginResponse,
  SecurityResponse,
} from '@candy/contract/calls/auth';
import type { Logger } from 'pino';
import type { Caller } from '../../http/context.ts';
import { forbidden, invalidField, notFound, rateLimited, unauthorized } from '../../http/errors.ts';
import type { OwnerSession } from '../../http/guards.ts';
import { safeEqual } from '../../http/guards.ts';
import type { Notify } from '../../notify.ts';
import type { Handshakes } from '../system/handshakes.ts';
import { accessKeyHash, newAccessKey } from './accessKeys.ts';
import type { AttemptsRepo } from './attemptsRepo.ts';
import { FREE_FAILURES, type Limiter, lockDuration } from './limiter.ts';
import { decoy, hashPassword, PASSWORD_MAX, PASSWORD_MIN, verifyPassword } from './passwords.ts';
import { OWNER_ID, type OwnerRepo } from './repo.ts';

/** A session's last-used time is written at most this often: the guard runs on every owner call. */
export const TOUCH_INTERVAL_MS = 60_000;
/** Login attempts and ended sessions are kept this long. */
const RETENTION_MS = 30 * 86_400_000;
const ATTEMPTS_SHOWN = 50;
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

  const recordAttempt = (username: string, caller: Caller, outcome: 'success' | 'failure' | 'limited') =>
    attempts.record({
      username: username.slice(0, 64),
      ip: caller.ip.slice(0, 64),
      user_agent: caller.userAgent,
      outcome,
      created_at: now(),
    });

  /** The limiter's answer, with the refusal itself on the record. */
  const checkLimits = async (username: string, caller: Caller) => {
    try {
      await limiter.check(username, caller.ip, now());
    } catch (error) {
      await recordAttempt(username, caller, 'limited');
      logger.warn({ username, ip: caller.ip }, 'owner login refused: too many failures');
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
  const failed = async (username: string, caller: Caller, record: boolean) => {
    if (record) await recordAttempt(username, caller, 'failure');
    // Who and from where, never what was typed as the password.
    logger.warn({ username, ip: caller.ip, userAgent: caller.userAgent }, 'owner login failed');
  };

  /** Issues a new access key; only its digest is stored. */
  const openSession = async (caller: Pick<Caller, 'ip' | 'userAgent'>): Promise<LoginResponse> => {
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
    });
    return { accessKey, accessExp };
  };

  return {
    async login(body: LoginRequest, caller: Caller): Promise<LoginResponse> {
      await checkLimits(body.username, caller);
      const password = await handshakes.decrypt(caller.uuid, body.password, 'password');
      // Counted as a failure before the (slow) password check, so parallel guesses cannot all slip
      // past the limit while the first ones are still being checked.
      const attemptId = await recordAttempt(body.username, caller, 'failure');
      if (!(await limiter.admits(body.username, caller.ip, attemptId, now()))) {
        await attempts.settle(attemptId, 'limited');
        logger.warn({ username: body.username, ip: caller.ip }, 'owner login refused: too many failures');
        // The exact Retry-After of the lock the earlier attempts set; at least the first lock's.
        await limiter.check(body.username, caller.ip, now());
        throw rateLimited(lockDuration(FREE_FAILURES) / 1000, '登录失败次数过多，请稍后再试');
      }
      if (!(await credentialsMatch(body.username, password))) {
        await failed(body.username, caller, false);
        throw unauthorized('用户名或密码错误');
      }
      await attempts.settle(attemptId, 'success');
      logger.info({ username: body.username, ip: caller.ip }, 'owner logged in');
      if (!(await attempts.knownDevice(caller.userAgent, attemptId))) {
        // Not awaited: a login never waits on a push service.
        void deps.notify({
          kind: 'login-new-device',
          title: '新设备登录了后台',
          body: `IP ${caller.ip || '未知'}\n${caller.userAgent || '没有 User-Agent'}`,
          url: '/great-old-one/index',
          level: 'warning',
        });
      }
      const session = await openSession(caller);
      await owners.purgeEndedSessions(now() - RETENTION_MS);
      await attempts.purgeBefore(now() - RETENTION_MS);
      return session;
    },

    openSession,

    /** The owner's username (undefined before the first start made the account). */
    ownerName: async (): Promise<string | undefined> => (await owners.findOwner())?.username,

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
        authenticatedAt: session.created_at,
      };
    },

    async security(owner: OwnerSession): Promise<SecurityResponse> {
      const sessions = await owners.liveSessions(now());
      const latest = await attempts.latest(ATTEMPTS_SHOWN);
      return {
        username: owner.username,
        sessions: sessions.map((s) => ({
          id: s.id,
          createdAt: s.created_at,
          lastUsedAt: s.last_used_at,
          expiresAt: s.expires_at,
          ip: s.ip,
          userAgent: s.user_agent,
          current: s.id === owner.sessionId,
        })),
        attempts: latest.map((a) => ({
          id: a.id,
          at: a.created_at,
          username: a.username,
          ip: a.ip,
          userAgent: a.user_agent,
          outcome: a.outcome as 'success' | 'failure' | 'limited',
        })),
      };
    },

    async revokeSession(id: number): Promise<null> {
      if (!(await owners.revokeSession(id, now()))) throw notFound('会话不存在或已失效');
      return null;
    },

    async logout(owner: OwnerSession): Promise<null> {
      await owners.revokeSession(owner.sessionId, now());
      return null;
    },

    /** Needs the current password; the new one takes effect at once and every other session ends. */
    async changePassword(body: ChangePasswordRequest, caller: Caller, owner: OwnerSession) {
      await checkLimits(owner.username, caller);
      const current = await handshakes.decrypt(caller.uuid, body.password, 'password');
      const next = await handshakes.decrypt(caller.uuid, body.newPassword, 'newPassword');
      if (!(await credentialsMatch(owner.username, current))) {
        await failed(owner.username, caller, true);
        throw forbidden('当前密码错误');
      }
      if (next.length < PASSWORD_MIN || next.length > PASSWORD_MAX) {
        throw invalidField(
          'newPassword',
          'length',
          `新密码长度需在 ${PASSWORD_MIN} 到 ${PASSWORD_MAX} 个字符之间`,
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
