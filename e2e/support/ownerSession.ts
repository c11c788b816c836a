import { randomUUID } from 'node:crypto';
import { seal } from '@candy/server/test/seal.ts';

/** The owner the e2e server is started with (e2e/support/globalSetup.ts). */
export const E2E_OWNER = { username: 'e2e-owner', password: 'e2e-owner-password' } as const;

export interface OwnerSession {
  accessKey: string;
  accessExp: number;
}

/** What the sessions table shows for a session opened here. */
const AGENT = 'Candy Jar e2e (owner session opened by the API)';

const post = async (url: string, headers: Record<string, string>, body?: object) => {
  const res = await fetch(url, {
    method: 'POST',
    headers: body ? { ...headers, 'content-type': 'application/json' } : headers,
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return (await res.json()) as { code: number; data: unknown };
};

/** The real login (knock, sealed password, the server's real password hash) through the API. */
export const loginByApi = async (baseUrl: string): Promise<OwnerSession> => {
  const headers = { 'x-uuid': randomUUID(), 'user-agent': AGENT };
  const knock = await post(`${baseUrl}/api/user/knock`, headers);
  const { publicKey } = knock.data as { publicKey: string };
  const answer = await post(`${baseUrl}/api/user/login`, headers, {
    username: E2E_OWNER.username,
    password: seal(publicKey, E2E_OWNER.password),
  });
  const session = answer.data as Partial<OwnerSession> | null;
  if (answer.code !== 0 || typeof session?.accessKey !== 'string' || typeof session.accessExp !== 'number')
    throw new Error(`the e2e owner's login was refused: ${JSON.stringify(answer)}`);
  return { accessKey: session.accessKey, accessExp: session.accessExp };
};

/** Whether the server still takes `session` (not revoked by a logout, not expired). */
const stillValid = async (baseUrl: string, session: OwnerSession): Promise<boolean> => {
  if (Date.now() > session.accessExp - 60_000) return false;
  try {
    const res = await fetch(`${baseUrl}/api/user/security`, {
      headers: { 'x-fingerprint': session.accessKey },
    });
    return ((await res.json()) as { code: number }).code === 0;
  } catch {
    // No answer (a server stopped since): the login that follows says what is wrong.
    return false;
  }
};

/**
 * One owner session per server, kept for the worker's specs (issue 39): a spec that needs the owner
 * but does not test logging in is given the key instead of filling /contract, which cost a page
 * load and a password hash each time (≈ 1 CPU-s, 78 times). A session a spec ended (logout,
 * revoked, expired) is replaced by a new login.
 */
const kept = new Map<string, Promise<OwnerSession>>();
export const sharedOwnerSession = async (baseUrl: string): Promise<OwnerSession> => {
  const known = await kept.get(baseUrl)?.catch(() => undefined);
  if (known && (await stillValid(baseUrl, known))) return known;
  const fresh = loginByApi(baseUrl);
  kept.set(baseUrl, fresh);
  return fresh;
};
