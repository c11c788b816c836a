import type { TestApp } from '../../../test/harness.ts';

/** An app's owner token with these scopes, through registration, approval and the code exchange. */
export const appToken = async (t: TestApp, scopes: string): Promise<string> => {
  const { oauth } = t.modules;
  const redirectUri = 'http://127.0.0.1:40001/cb';
  const { clientId, clientSecret } = await oauth.register({
    name: `Test app (${scopes})`,
    redirectUris: [redirectUri],
    scopes,
    website: null,
  });
  const decided = await oauth.decide({ clientId, redirectUri, scope: scopes, approve: true });
  const code = new URL(decided.redirectTo ?? '').searchParams.get('code') ?? '';
  const token = await oauth.token({
    grant_type: 'authorization_code',
    client_id: clientId,
    client_secret: clientSecret,
    code,
    redirect_uri: redirectUri,
  });
  return token.access_token;
};
