import type { PowChallenge } from '@candy/contract/calls/commentModeration';
import type { TestApp } from '../../../test/harness.ts';
import { solveProof } from '../../../test/powSolver.ts';
import { seal } from '../../../test/seal.ts';
import { powMaxNumberMeta } from '../comments/proof.ts';
import { ensureOwner } from './bootstrap.ts';

/**
 * Test helpers for anything that needs the owner: the real login (handshake, RSA-OAEP, scrypt) or,
 * for modules that only need a key, a session opened directly.
 */
export const OWNER = { username: 'keeper', password: 'correct horse battery' } as const;

export const createOwner = (t: TestApp, owner: { username: string; password: string } = OWNER) =>
  ensureOwner(t.database.db, owner, t.clock.now, () => {});

export { seal };

export const knock = async (t: TestApp, uuid: string, ip = '127.0.0.1'): Promise<string> => {
  const res = await t.server.inject({
    method: 'POST',
    url: '/api/user/knock',
    remoteAddress: ip,
    headers: { 'x-uuid': uuid },
  });
  return res.json().data.publicKey as string;
};

export interface LoginOptions {
  username?: string;
  password?: string;
  uuid?: string;
  ip?: string;
  userAgent?: string;
  /** A solved proof of work (`loginProof`), sent as the login page does after a 4038. */
  proof?: string;
}

/** POST /user/login after a fresh knock, as a browser would. */
export const login = async (t: TestApp, options: LoginOptions = {}) => {
  const uuid = options.uuid ?? 'device-login';
  const publicKey = await knock(t, uuid, options.ip);
  return t.server.inject({
    method: 'POST',
    url: '/api/user/login',
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: { 'x-uuid': uuid, 'user-agent': options.userAgent ?? 'vitest' },
    payload: {
      username: options.username ?? OWNER.username,
      password: seal(publicKey, options.password ?? OWNER.password),
      ...(options.proof === undefined ? {} : { proof: options.proof }),
    },
  });
};

/** The lowest difficulty the settings allow, so that tests solving proofs of work stay quick. */
export const easyProofs = (t: TestApp) =>
  t.modules.meta.set(powMaxNumberMeta.group, powMaxNumberMeta.key, '1000');

/**
 * A proof of work solved from `ip` the way the login page does after a 4038: the comment form's
 * challenge (GET /blog/comment/challenge), solved by altcha-lib with real work.
 */
export const loginProof = async (t: TestApp, ip = '127.0.0.1'): Promise<string> => {
  const res = await t.server.inject({ method: 'GET', url: '/api/blog/comment/challenge', remoteAddress: ip });
  return solveProof((res.json() as { data: PowChallenge }).data);
};

/** A live owner access key through the real login. */
export const loginKey = async (t: TestApp, options: LoginOptions = {}): Promise<string> => {
  const res = await login(t, options);
  const body = res.json();
  if (body.code !== 0) throw new Error(`login failed: ${res.body}`);
  return body.data.accessKey as string;
};

/**
 * A live owner access key without a handshake or a password check, for other modules' tests
 * that only need to act as the owner: `headers: { 'x-fingerprint': await ownerKey(t) }`.
 */
export const ownerKey = async (t: TestApp): Promise<string> => {
  await createOwner(t);
  const { accessKey } = await t.modules.auth.auth.openSession({ ip: '127.0.0.1', userAgent: 'vitest' });
  return accessKey;
};
