import { type OauthScope, oauthCovers } from '@candy/contract/tokenScope';
import type { FastifyRequest } from 'fastify';
import { callerOf } from '../../http/context.ts';
import { invalidToken, outsideScopes } from '../oauth/protocolError.ts';
import type { AppGrant, OauthService } from '../oauth/service.ts';

/**
 * The app's grant for a call needing `scope`, refused the Mastodon way: no token or a revoked one
 * is 401, a token without the scope (a `read` app posting) 403. Only an owner's (`user`) token
 * acts for the owner; a client-credentials token is the app alone.
 */
export const createGrantCheck = (oauth: Pick<OauthService, 'verify'>) => {
  const granted = new WeakMap<FastifyRequest, AppGrant>();
  const check = async (req: FastifyRequest, scope: OauthScope): Promise<AppGrant> => {
    const grant = await oauth.verify(callerOf(req).bearer);
    if (grant?.kind !== 'user') throw invalidToken();
    if (!oauthCovers(grant.scopes, scope)) throw outsideScopes();
    granted.set(req, grant);
    return grant;
  };
  /** The grant a request passed with, for the audit log of its writes. */
  check.of = (req: FastifyRequest): AppGrant | undefined => granted.get(req);
  return check;
};

export type GrantCheck = ReturnType<typeof createGrantCheck>;
