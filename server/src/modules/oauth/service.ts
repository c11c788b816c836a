import type {
  OauthAppInfo,
  OauthDecided,
  OauthDecision,
  OauthGrant,
  OauthRequest,
} from '@candy/contract/calls/oauth';
import type { Language } from '@candy/contract/languages';
import {
  type OauthScope,
  oauthCovers,
  parseOauthScopes,
  tokenScopeOfOauth,
} from '@candy/contract/tokenScope';
import type { Logger } from 'pino';
import type { Caller } from '../../http/context.ts';
import { invalidField, notFound } from '../../http/errors.ts';
import type { OwnerSession } from '../../http/guards.ts';
import { said } from '../../i18n/said.ts';
import { serverText } from '../../i18n/serverText.ts';
import { TOUCH_INTERVAL_MS } from '../auth/service.ts';
import { ProtocolError } from './protocolError.ts';
import { acceptableRedirect, OOB_REDIRECT, redirectRegistered, redirectWith } from './redirects.ts';
import type { OauthAppRow, OauthRepo } from './repo.ts';
import { APP_TOKEN_PREFIX, digestOf, looksLikeAppToken, newSecret, pkceMatches } from './secrets.ts';

/** A code lives long enough for the app to be switched back to, not more. */
const CODE_TTL_MS = 10 * 60_000;

export interface OauthDeps {
  repo: OauthRepo;
  ownerName: () => Promise<string>;
  now: () => number;
  logger: Logger;
  /** The site's language (SITE_LANGUAGE): an app's token is named in it (the audit log keeps it). */
  language: Language;
}

/** A verified app token, as the Mastodon API sees it. */
export interface AppGrant {
  tokenId: number;
  appId: number;
  appName: string;
  appWebsite: string | null;
  scopes: OauthScope[];
  /** `user`: acts for the owner; `app`: client credentials, the app alone. */
  kind: 'user' | 'app';
}

const redirectsOf = (app: OauthAppRow): string[] => JSON.parse(app.redirect_uris) as string[];
const scopeList = (text: string): OauthScope[] => parseOauthScopes(text) ?? [];

const invalidGrant = (description: string) => new ProtocolError(400, 'invalid_grant', description);
const invalidClient = () => new ProtocolError(401, 'invalid_client', 'Client authentication failed');

/** What an app may ask at `/oauth/authorize`: scopes within its registration, a registered redirect. */
const checkRequest = (app: OauthAppRow, request: { redirectUri: string; scope: string }) => {
  if (!redirectRegistered(redirectsOf(app), request.redirectUri))
    throw invalidField('redirectUri', 'registered', said('error.oauth.redirectMismatch'));
  const scopes = parseOauthScopes(request.scope);
  const allowed = scopeList(app.scopes);
  if (!scopes?.every((scope) => oauthCovers(allowed, scope)))
    throw invalidField('scope', 'scope', said('error.oauth.scopeUndeclared'));
  return scopes;
};

/**
 * OAuth 2 for apps, the Mastodon way (issue 42): dynamic registration, the owner's approval,
 * authorization codes with PKCE S256, client credentials, revocation.
 */
export const createOauthService = ({ repo, ownerName, now, logger, language }: OauthDeps) => {
  const appOf = async (clientId: string) => {
    const app = await repo.appByClientId(clientId);
    if (!app) throw notFound(said('error.oauth.appGone'));
    return app;
  };
  /** The client proves itself with its secret, or (a public client using PKCE) not at all. */
  const authenticate = async (clientId: string | undefined, secret: string | undefined, pkce: boolean) => {
    const app = clientId ? await repo.appByClientId(clientId) : undefined;
    if (!app) throw invalidClient();
    if (secret !== undefined ? digestOf(secret) !== app.secret_hash : !pkce) throw invalidClient();
    return app;
  };
  const issue = async (appId: number, scopes: readonly string[], kind: 'user' | 'app') => {
    const token = newSecret(APP_TOKEN_PREFIX);
    const row = await repo.insertToken({
      app_id: appId,
      token_hash: digestOf(token),
      scopes: scopes.join(' '),
      kind,
      created_at: now(),
      last_used_at: null,
      revoked_at: null,
    });
    return {
      access_token: token,
      token_type: 'Bearer',
      scope: row.scopes,
      created_at: Math.floor(Number(row.created_at) / 1000),
    };
  };

  return {
    /** `POST /api/v1/apps`. */
    async register(input: { name: string; redirectUris: string[]; scopes: string; website: string | null }) {
      const scopes = parseOauthScopes(input.scopes);
      if (!scopes) throw new ProtocolError(422, 'Validation failed: Scopes are not valid');
      if (input.redirectUris.length === 0 || !input.redirectUris.every(acceptableRedirect))
        throw new ProtocolError(422, 'Validation failed: Redirect URI must be an absolute URI.');
      const clientId = newSecret();
      const clientSecret = newSecret();
      const app = await repo.insertApp({
        client_id: clientId,
        secret_hash: digestOf(clientSecret),
        name: input.name,
        website: input.website,
        redirect_uris: JSON.stringify(input.redirectUris),
        scopes: scopes.join(' '),
        created_at: now(),
      });
      logger.info({ appId: app.id, name: app.name }, 'OAuth app registered');
      return { app, clientId, clientSecret, scopes };
    },

    /** What the approval page shows. */
    async appInfo(request: OauthRequest & { scope: string }): Promise<OauthAppInfo> {
      const app = await appOf(request.clientId);
      const scopes = checkRequest(app, request);
      return { name: app.name, website: app.website, scopes, redirectUri: request.redirectUri };
    },

    /** The owner approved or refused: the redirect carrying a one-time code, or `access_denied`. */
    async decide(decision: OauthDecision & { scope: string }): Promise<OauthDecided> {
      const app = await appOf(decision.clientId);
      const scopes = checkRequest(app, decision);
      const oob = decision.redirectUri === OOB_REDIRECT;
      if (!decision.approve) {
        logger.info({ appId: app.id }, 'OAuth approval refused');
        return {
          redirectTo: oob
            ? null
            : redirectWith(decision.redirectUri, { error: 'access_denied', state: decision.state }),
          code: null,
        };
      }
      if (decision.codeChallenge !== undefined && decision.codeChallengeMethod !== 'S256')
        throw invalidField('codeChallengeMethod', 'S256', said('error.oauth.s256Only'));
      const code = newSecret();
      await repo.dropExpiredCodes(now());
      await repo.insertCode({
        code_hash: digestOf(code),
        app_id: app.id,
        redirect_uri: decision.redirectUri,
        scopes: scopes.join(' '),
        code_challenge: decision.codeChallenge ?? null,
        expires_at: now() + CODE_TTL_MS,
      });
      logger.info({ appId: app.id, scopes }, 'OAuth app approved');
      return {
        redirectTo: oob ? null : redirectWith(decision.redirectUri, { code, state: decision.state }),
        code: oob ? code : null,
      };
    },

    /** `POST /oauth/token`. */
    async token(form: Record<string, string | undefined>) {
      const grant = form.grant_type;
      if (grant === 'authorization_code') {
        const app = await authenticate(form.client_id, form.client_secret, form.code_verifier !== undefined);
        const code = form.code ? await repo.takeCode(digestOf(form.code)) : undefined;
        if (!code || code.app_id !== app.id || Number(code.expires_at) < now())
          throw invalidGrant(
            'The provided authorization grant is invalid, expired, revoked, or was issued to another client.',
          );
        if (form.redirect_uri !== undefined && form.redirect_uri !== code.redirect_uri)
          throw invalidGrant('The redirect URI does not match the one the code was issued to.');
        if (code.code_challenge !== null && !pkceMatches(form.code_verifier ?? '', code.code_challenge))
          throw invalidGrant('The PKCE code verifier does not match the challenge.');
        if (code.code_challenge === null && form.client_secret === undefined) throw invalidClient();
        return issue(app.id, scopeList(code.scopes), 'user');
      }
      if (grant === 'client_credentials') {
        const app = await authenticate(form.client_id, form.client_secret, false);
        const asked = parseOauthScopes(form.scope);
        if (!asked) throw new ProtocolError(400, 'invalid_scope', 'The requested scope is invalid.');
        return issue(app.id, asked, 'app');
      }
      throw new ProtocolError(
        400,
        'unsupported_grant_type',
        'The authorization grant type is not supported.',
      );
    },

    /** `POST /oauth/revoke` (RFC 7009): the app revokes its own token; an unknown one is no error. */
    async revokeToken(form: Record<string, string | undefined>): Promise<void> {
      const app = await authenticate(form.client_id, form.client_secret, false);
      if (form.token) await repo.revokeByHash(digestOf(form.token), app.id, now());
    },

    /** The app grant behind a bearer token, or null; "last used" written at most once a minute. */
    async verify(bearer: string | undefined): Promise<AppGrant | null> {
      if (!bearer || !looksLikeAppToken(bearer)) return null;
      const row = await repo.liveToken(digestOf(bearer));
      if (!row) return null;
      const at = now();
      if (row.last_used_at === null || at - Number(row.last_used_at) >= TOUCH_INTERVAL_MS)
        await repo.touch(row.id, at);
      return {
        tokenId: row.id,
        appId: row.app_id,
        appName: row.app_name,
        appWebsite: row.app_website,
        scopes: scopeList(row.scopes),
        kind: row.kind,
      };
    },

    /**
     * The owner guard's part for apps: an app's owner token acts on the site's own API within the
     * API-token scope its OAuth scopes map to (`tokenScopeOfOauth`), never on security settings.
     */
    async ownerSession(caller: Caller): Promise<OwnerSession | null> {
      const grant = await this.verify(caller.bearer);
      const scope = grant?.kind === 'user' ? tokenScopeOfOauth(grant.scopes) : null;
      if (!grant || !scope) return null;
      const username = await ownerName();
      if (!username) return null;
      return {
        kind: 'token',
        sessionId: grant.tokenId,
        username,
        authenticatedAt: 0,
        token: { name: serverText(language, 'oauth.tokenName', { app: grant.appName }), scope },
      };
    },

    /** The tokens page's list: one entry per approved app, its scopes those of its live tokens. */
    async grants(): Promise<OauthGrant[]> {
      const byApp = new Map<number, OauthGrant & { live: boolean }>();
      const latest = (a: number | null, b: number | null) =>
        a === null ? b : b === null ? a : Math.max(a, b);
      for (const row of await repo.userTokens()) {
        const live = row.revoked_at === null;
        const entry = byApp.get(row.app_id) ?? {
          id: row.app_id,
          name: row.name,
          website: row.website,
          scopes: [],
          createdAt: Number(row.created_at),
          lastUsedAt: null,
          revokedAt: null,
          live: false,
        };
        // A revoked app shows what it held; a live one only what its live tokens hold.
        if (live && !entry.live) entry.scopes = [];
        if (live || !entry.live) entry.scopes = [...new Set([...entry.scopes, ...scopeList(row.scopes)])];
        entry.live ||= live;
        entry.lastUsedAt = latest(
          entry.lastUsedAt,
          row.last_used_at === null ? null : Number(row.last_used_at),
        );
        entry.revokedAt = latest(entry.revokedAt, row.revoked_at === null ? null : Number(row.revoked_at));
        byApp.set(row.app_id, entry);
      }
      return [...byApp.values()].map(({ live, ...grant }) => ({
        ...grant,
        revokedAt: live ? null : grant.revokedAt,
      }));
    },

    async revokeApp(appId: number): Promise<OauthGrant> {
      const app = await repo.appById(appId);
      if (!app) throw notFound(said('error.oauth.appNotFound'));
      const count = await repo.revokeApp(appId, now());
      logger.info({ appId, count }, 'OAuth app revoked');
      const grant = (await this.grants()).find((entry) => entry.id === appId);
      if (!grant) throw notFound(said('error.oauth.neverGranted'));
      return grant;
    },
  };
};

export type OauthService = ReturnType<typeof createOauthService>;
