import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/context.ts';
import { originOf } from '../oauth/protocol.ts';
import { invalidToken, recordNotFound } from '../oauth/protocolError.ts';
import type { OauthService } from '../oauth/service.ts';
import type { MastodonDeps } from './context.ts';
import { instanceV1, instanceV2 } from './instance.ts';
import { OWNER_ACCOUNT_ID, presentAccount, presentCredentialAccount } from './present.ts';

/** The instance and the one account (issue 42): what an app reads right after logging in. */
export const accountRoutes = (
  scope: FastifyInstance,
  deps: MastodonDeps,
  oauth: Pick<OauthService, 'verify'>,
): void => {
  const { grant } = deps;
  // Apps read the instance before they have a token: it is public, as on Mastodon.
  scope.get('/api/v1/instance', async (req) => instanceV1(await deps.profile(originOf(req))));
  scope.get('/api/v2/instance', async (req) => instanceV2(await deps.profile(originOf(req))));
  scope.get('/api/v1/instance/peers', async () => []);
  scope.get('/api/v1/instance/activity', async () => []);
  scope.get('/api/v1/instance/rules', async () => []);
  scope.get('/api/v1/instance/extended_description', async () => ({
    updated_at: new Date(0).toISOString(),
    content: '',
  }));

  scope.get('/api/v1/accounts/verify_credentials', async (req) => {
    // `profile` or any `read`: Mastodon lets both read the account itself.
    const app = await oauth.verify(callerOf(req).bearer);
    if (app?.kind !== 'user') throw invalidToken();
    if (!app.scopes.includes('profile')) await grant(req, 'read:accounts');
    return presentCredentialAccount(await deps.profile(originOf(req)));
  });
  scope.get('/api/v1/accounts/relationships', async (req) => {
    await grant(req, 'read:follows');
    return [];
  });
  scope.get('/api/v1/accounts/lookup', async (req) => {
    const profile = await deps.profile(originOf(req));
    const acct = String((req.query as Record<string, unknown>).acct ?? '')
      .replace(/^@/, '')
      .split('@')[0];
    if (acct !== profile.username) throw recordNotFound();
    return presentAccount(profile);
  });
  scope.get('/api/v1/accounts/:id', async (req) => {
    if ((req.params as { id: string }).id !== OWNER_ACCOUNT_ID) throw recordNotFound();
    return presentAccount(await deps.profile(originOf(req)));
  });
};
