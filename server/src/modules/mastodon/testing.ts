import { createHash, randomBytes } from 'node:crypto';
import type { OauthDecided } from '@candy/contract/calls/oauth';
import type { TestApp } from '../../../test/harness.ts';

/** A PKCE pair as an app makes it (RFC 7636, S256). */
export const pkcePair = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

/**
 * What the owner does on the approval page, without the page: `GET /oauth/authorize` as the app
 * sends the browser there, then the page's own call with the request it was handed.
 */
export const decide = async (
  t: TestApp,
  ownerKey: string,
  request: Record<string, string>,
  approve: boolean,
): Promise<OauthDecided> => {
  const res = await t.server.inject({ url: `/oauth/authorize?${new URLSearchParams(request)}` });
  const location = new URL(String(res.headers.location ?? ''), 'http://site.test');
  if (res.statusCode !== 302 || location.pathname !== '/great-old-one/authorize')
    throw new Error(`authorize did not send the owner to the approval page: ${res.statusCode} ${location}`);
  const q = location.searchParams;
  const answer = await t.server.inject({
    method: 'POST',
    url: '/api/user/oauth/authorize',
    headers: { 'x-fingerprint': ownerKey },
    payload: {
      clientId: q.get('client_id'),
      redirectUri: q.get('redirect_uri'),
      scope: q.get('scope') ?? '',
      ...(q.get('state') ? { state: q.get('state') } : {}),
      ...(q.get('code_challenge')
        ? { codeChallenge: q.get('code_challenge'), codeChallengeMethod: q.get('code_challenge_method') }
        : {}),
      approve,
    },
  });
  const body = answer.json();
  if (body.code !== 0) throw new Error(`decision failed: ${answer.body}`);
  return body.data as OauthDecided;
};

/** The code (or the refusal) an approval's redirect carries to the app. */
export const redirectParams = (decided: OauthDecided): URLSearchParams =>
  new URL(decided.redirectTo ?? 'x:').searchParams;
