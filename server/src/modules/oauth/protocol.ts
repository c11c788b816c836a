import { OAUTH_SCOPES } from '@candy/contract/tokenScope';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RateLimiter } from '../../http/rateLimit.ts';
import { ProtocolError } from './protocolError.ts';
import { paramsOf, textParam } from './protocolScope.ts';
import type { OauthService } from './service.ts';

/** An app registers once per install: twenty an hour from one address is plenty. */
const REGISTRATION_RULES = [{ limit: 20, windowMs: 3_600_000 }];

/** Where `GET /oauth/authorize` sends the owner: the back office's approval page. */
export const APPROVAL_PAGE = '/great-old-one/authorize';

export const originOf = (req: FastifyRequest): string => `${req.protocol}://${req.host}`;

/** `Authorization: Basic` (client_secret_basic) read as the form's client_id and client_secret. */
const basicCredentials = (req: FastifyRequest): Record<string, string> => {
  const match = String(req.headers.authorization ?? '').match(/^Basic\s+(\S+)$/i);
  if (!match?.[1]) return {};
  const [id, secret] = Buffer.from(match[1], 'base64').toString('utf8').split(':');
  if (!id || secret === undefined) return {};
  return { client_id: decodeURIComponent(id), client_secret: decodeURIComponent(secret) };
};

const formOf = async (req: FastifyRequest): Promise<Record<string, string | undefined>> => {
  const params = await paramsOf(req);
  const form: Record<string, string | undefined> = {};
  for (const key of Object.keys(params)) form[key] = textParam(params, key);
  return { ...form, ...basicCredentials(req) };
};

const redirectUrisOf = (value: unknown): string[] =>
  (Array.isArray(value) ? value.map(String) : String(value ?? '').split(/\s+/)).filter(Boolean);

/**
 * The OAuth endpoints apps call (issue 42), in the protocol scope (Mastodon-shaped answers): app
 * registration, the authorize redirect to our page, the token and revocation endpoints, metadata.
 */
export const oauthProtocolRoutes = (
  scope: FastifyInstance,
  oauth: OauthService,
  limiter: Pick<RateLimiter, 'hit'>,
): void => {
  scope.post('/api/v1/apps', async (req) => {
    // Registration is open to anyone, as on Mastodon; an address filling the table is slowed down.
    await limiter.hit(
      [`oauth-app:ip:${req.ip}`],
      REGISTRATION_RULES,
      'Too many apps registered, try again later',
    );
    const params = await paramsOf(req);
    const name = textParam(params, 'client_name')?.trim();
    if (!name) throw new ProtocolError(422, "Validation failed: Application name can't be blank");
    const website = textParam(params, 'website')?.trim() || null;
    const { app, clientId, clientSecret, scopes } = await oauth.register({
      name: name.slice(0, 200),
      redirectUris: redirectUrisOf(params.redirect_uris),
      scopes: textParam(params, 'scopes') ?? 'read',
      website: website?.slice(0, 500) ?? null,
    });
    const redirectUris = JSON.parse(app.redirect_uris) as string[];
    return {
      id: String(app.id),
      name: app.name,
      website: app.website,
      scopes,
      redirect_uri: redirectUris.join('\n'),
      redirect_uris: redirectUris,
      vapid_key: '',
      client_id: clientId,
      client_secret: clientSecret,
      client_secret_expires_at: 0,
    };
  });

  scope.get('/api/v1/apps/verify_credentials', async (req) => {
    const grant = await oauth.verify(String(req.headers.authorization ?? '').replace(/^Bearer\s+/i, ''));
    if (!grant) throw new ProtocolError(401, 'The access token is invalid');
    return { name: grant.appName, website: grant.appWebsite, scopes: grant.scopes, vapid_key: '' };
  });

  // The owner decides on the back office's page (logged in the usual way: gate, login, passkey,
  // TOTP); it reads the request from the query it is handed, exactly as the app sent it.
  scope.get('/oauth/authorize', async (req, reply) => {
    const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
    return reply.redirect(`${APPROVAL_PAGE}${query}`, 302);
  });

  scope.post('/oauth/token', async (req, reply) => {
    void reply.header('cache-control', 'no-store');
    return oauth.token(await formOf(req));
  });

  scope.post('/oauth/revoke', async (req) => {
    await oauth.revokeToken(await formOf(req));
    return {};
  });

  scope.get('/.well-known/oauth-authorization-server', async (req) => {
    const origin = originOf(req);
    return {
      issuer: `${origin}/`,
      authorization_endpoint: `${origin}/oauth/authorize`,
      token_endpoint: `${origin}/oauth/token`,
      revocation_endpoint: `${origin}/oauth/revoke`,
      app_registration_endpoint: `${origin}/api/v1/apps`,
      scopes_supported: OAUTH_SCOPES,
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code', 'client_credentials'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
      service_documentation: `${origin}/docs`,
    };
  });
};
