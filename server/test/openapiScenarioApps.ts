import type { OauthService } from '../src/modules/oauth/service.ts';
import type { Probe } from './openapiProbe.ts';

const CALLBACK = 'http://127.0.0.1:40000/cb';

/**
 * Fediverse apps (issue 42): the approval page's calls (an app shown, approved, refused; an unknown
 * app and a redirect it never registered refused) and the tokens page's (listed, revoked).
 */
export const apps = async (api: Probe, oauth: OauthService) => {
  const { clientId, clientSecret } = await oauth.register({
    name: '探针应用',
    redirectUris: [CALLBACK],
    scopes: 'read write',
    website: null,
  });
  const request = { clientId, redirectUri: CALLBACK, scope: 'read' };
  await api.ok('oauthAppInfo', { query: request });
  await api.fails('oauthAppInfo', { query: { ...request, clientId: 'nope' } }, 404);
  await api.fails('oauthAppInfo', { query: { ...request, redirectUri: 'https://evil.example/' } }, 400);
  await api.fails('oauthAppInfo', { query: request, as: 'visitor' }, 401);
  const approved = await api.ok('oauthDecide', { json: { ...request, state: 's', approve: true } });
  await api.ok('oauthDecide', { json: { ...request, approve: false } });
  await api.fails('oauthDecide', { json: { ...request, approve: 'yes' } }, 400);
  await api.fails('oauthDecide', { json: { ...request, approve: true }, as: 'visitor' }, 401);
  const code = new URL(approved.redirectTo ?? '').searchParams.get('code') ?? '';
  await oauth.token({
    grant_type: 'authorization_code',
    client_id: clientId,
    client_secret: clientSecret,
    code,
    redirect_uri: CALLBACK,
  });
  const [grant] = await api.ok('oauthGrantList');
  await api.fails('oauthGrantList', { as: 'visitor' }, 401);
  await api.ok('oauthGrantRevoke', { params: { id: grant?.id ?? 0 } });
  await api.fails('oauthGrantRevoke', { params: { id: 999_999 } }, 404);
  await api.fails('oauthGrantRevoke', { params: { id: 'x' } }, 400);
};
