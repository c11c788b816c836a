import type { ApiToken, CreatedToken, TokenCreateInput } from '@candy/contract/calls/tokens';
import type { TokenScope } from '@candy/contract/tokenScope';
import type { Logger } from 'pino';
import type { Caller } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import type { OwnerSession } from '../../http/guards.ts';
import { said } from '../../i18n/said.ts';
import { TOUCH_INTERVAL_MS } from '../auth/service.ts';
import type { ApiTokenRow, TokenRepo } from './repo.ts';
import { looksLikeToken, newTokenSecret, shownPrefix, tokenHash } from './secrets.ts';

const DAY_MS = 86_400_000;

export interface TokenDeps {
  repo: TokenRepo;
  /** The owner's name, for the sessions a token opens. */
  ownerName: () => Promise<string>;
  now: () => number;
  logger: Logger;
}

const scopeOf = (row: ApiTokenRow): TokenScope => ({
  kind: row.scope,
  modules: JSON.parse(row.modules) as string[],
});

/** What the list shows: everything but the secret, which is never stored. */
export const presentToken = (row: ApiTokenRow): ApiToken => ({
  id: row.id,
  name: row.name,
  ...(({ kind, modules }) => ({ scope: kind, modules }))(scopeOf(row)),
  prefix: row.prefix,
  createdAt: Number(row.created_at),
  expiresAt: row.expires_at === null ? null : Number(row.expires_at),
  lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
  revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
});

export const createTokenService = ({ repo, ownerName, now, logger }: TokenDeps) => ({
  list: async (): Promise<ApiToken[]> => (await repo.all()).map(presentToken),

  async create(input: TokenCreateInput): Promise<CreatedToken> {
    const at = now();
    const secret = newTokenSecret();
    const row = await repo.insert({
      name: input.name,
      token_hash: tokenHash(secret),
      prefix: shownPrefix(secret),
      scope: input.scope,
      modules: JSON.stringify(input.scope === 'modules' ? (input.modules ?? []) : []),
      created_at: at,
      expires_at: input.expiresInDays ? at + input.expiresInDays * DAY_MS : null,
      last_used_at: null,
      revoked_at: null,
    });
    logger.info({ tokenId: row.id, name: row.name, scope: row.scope }, 'API token created');
    return { ...presentToken(row), secret };
  },

  async revoke(id: number): Promise<ApiToken> {
    const row = await repo.revoke(id, now());
    if (!row) throw notFound(said('error.tokens.notFound'));
    logger.info({ tokenId: id }, 'API token revoked');
    return presentToken(row);
  },

  /**
   * The owner guard's second half: the session a live token opens, or null (unknown, revoked or
   * expired: owner routes then answer 4010). Its scope rides along for the router to enforce.
   */
  async verify(caller: Caller): Promise<OwnerSession | null> {
    const secret = caller.bearer;
    if (!secret || !looksLikeToken(secret)) return null;
    const at = now();
    const row = await repo.findLive(tokenHash(secret), at);
    if (!row) return null;
    const username = await ownerName();
    if (!username) return null;
    // The guard runs on every call: "last used" is written at most once a minute, like sessions'.
    if (row.last_used_at === null || at - Number(row.last_used_at) >= TOUCH_INTERVAL_MS)
      await repo.touch(row.id, at);
    return {
      kind: 'token',
      sessionId: row.id,
      username,
      // A token proves no login: it can never pass a `fresh` check (nor a `session` one).
      authenticatedAt: 0,
      token: { name: row.name, scope: scopeOf(row) },
    };
  },
});

export type TokenService = ReturnType<typeof createTokenService>;
