import type { FastifyRequest } from 'fastify';
import { forbidden } from '../../http/errors.ts';
import { said } from '../../i18n/said.ts';

export interface RelyingParty {
  /** The WebAuthn RP ID: the page's host name. */
  id: string;
  /** The page's origin, which the browser signs into every response. */
  origin: string;
}

/**
 * The relying party of a WebAuthn call, read from the page that made it (issue 26.1). The `Origin`
 * header names the page even when the API answers on another host, and the browser only lets a
 * page use its own host (or a parent domain) as RP ID. It must be one of `SITE_DOMAINS`, which
 * always include localhost and 127.0.0.1 — though browsers refuse an IP address as RP ID, so
 * passkeys work on `localhost` in development and tests.
 */
export const relyingPartyOf = (req: FastifyRequest, siteDomains: readonly string[]): RelyingParty => {
  const header = req.headers.origin;
  let url: URL | undefined;
  try {
    url = typeof header === 'string' ? new URL(header) : undefined;
  } catch {
    url = undefined;
  }
  if (!url || !siteDomains.includes(url.hostname)) throw forbidden(said('error.security.passkeyDomain'));
  return { id: url.hostname, origin: url.origin };
};
