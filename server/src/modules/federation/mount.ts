import type { IncomingMessage } from 'node:http';
import type { Federation } from '@fedify/fedify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { forbidden, notFound, payloadTooLarge, unauthorized } from '../../http/errors.ts';
import type { RateLimiter } from '../../http/rateLimit.ts';
import { loggableUrl } from '../../http/security.ts';
import { said } from '../../i18n/said.ts';
import { protocolBody } from './protocolAnswers.ts';
import { isBlockedBy } from './targets.ts';

/** An inbox body past this is refused before any parsing (a Mastodon Create is a few KB). */
export const inboxBodyLimit = 256 * 1024;
/** Activities one remote host may deliver a minute (issue 29.6). */
const inboxPerHostPerMinute = 120;

const AP_TYPES = /application\/(activity\+json|ld\+json)/i;

/** Which requests Fedify answers: its own paths always, an essay page only when a server asks for JSON. */
export const isFederationRequest = (method: string, url: string, accept: string): boolean => {
  const path = url.split('?')[0] ?? '';
  if (path === '/.well-known/webfinger' || path === '/.well-known/nodeinfo' || path === '/nodeinfo/2.1')
    return true;
  if (path.startsWith('/ap/')) return true;
  return method === 'GET' && /^\/chaos\/\d{1,10}\/?$/.test(path) && AP_TYPES.test(accept);
};

/** The host a signed request says it comes from (its Signature keyId), or null. */
export const signerHostOf = (signature: string | undefined): string | null => {
  const keyId = /keyId="([^"]+)"/.exec(signature ?? '')?.[1];
  if (!keyId) return null;
  try {
    return new URL(keyId).hostname.toLowerCase();
  } catch {
    return null;
  }
};

const readBody = (raw: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    raw.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > inboxBodyLimit) {
        reject(payloadTooLarge(said('error.federation.activityTooLarge')));
        raw.destroy();
        return;
      }
      chunks.push(chunk);
    });
    raw.on('end', () => resolve(Buffer.concat(chunks)));
    raw.on('error', reject);
  });

/** What the hook needs of Fedify, loaded on the first request that goes to it (index.ts). */
export interface MountRuntime {
  federation: Federation<void>;
  /** Whether a request's HTTP Signature verifies (the key fetched through our outbound module). */
  verifySignature(request: Request): Promise<boolean>;
}

export interface MountDeps {
  runtime: () => Promise<MountRuntime>;
  /** The configured origin, or '' to use the request's own. */
  origin: () => Promise<string>;
  blocks: () => Promise<string[]>;
  rateLimiter: RateLimiter;
  logger: Logger;
}

/**
 * Puts Fedify in front of our routes (issue 29.1): WebFinger, NodeInfo, the actor, inbox, outbox,
 * followers and objects; Fedify itself is loaded by the first request that is its (`runtime`).
 * Before an inbox sees a delivery: a per-host rate limit, a size cap, and the blocks (a valid
 * signature from a blocked actor or domain is 403; a wrong one is 401, as Fedify answers any
 * unsigned or wrongly signed delivery).
 */
export const mountFederation = (app: FastifyInstance, deps: MountDeps) => {
  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    const accept = String(req.headers.accept ?? '');
    if (!isFederationRequest(req.method, req.url, accept)) return;
    const origin = (await deps.origin()) || `${req.protocol}://${req.host}`;
    const url = new URL(req.url, origin);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string') headers.set(name, value);
      else if (Array.isArray(value)) headers.set(name, value.join(', '));
    }
    // Signatures name the host the sender addressed: keep it as it came.
    let body: Buffer | undefined;
    if (req.method === 'POST') {
      const signer = signerHostOf(req.headers.signature as string | undefined);
      await deps.rateLimiter.hit(
        [`fed-inbox:${signer ?? req.ip}`],
        [{ limit: inboxPerHostPerMinute, windowMs: 60_000 }],
        said('error.federation.tooOften'),
      );
      if (Number(req.headers['content-length'] ?? 0) > inboxBodyLimit)
        throw payloadTooLarge(said('error.federation.activityTooLarge'));
      body = await readBody(req.raw);
      const blocks = await deps.blocks();

      if (signer && blocks.length > 0 && isBlockedBy(blocks, new URL(`https://${signer}/`))) {
        const request = new Request(url, { method: 'POST', headers, body });
        const verified = await (await deps.runtime()).verifySignature(request).catch(() => false);
        deps.logger.info({ signer, verified }, 'federation: delivery from a blocked domain');
        throw verified
          ? forbidden(said('error.federation.blocked'))
          : unauthorized(said('error.federation.badSignature'));
      }
    }
    const request = new Request(url, { method: req.method, headers, body });
    let passOn: 'not-found' | 'not-acceptable' | null = null;
    const { federation } = await deps.runtime();
    const response = await federation.fetch(request, {
      contextData: undefined,
      onNotFound: () => {
        passOn = 'not-found';
        return new Response(null, { status: 404 });
      },
      onNotAcceptable: () => {
        passOn = 'not-acceptable';
        return new Response(null, { status: 406 });
      },
    });
    // Not Fedify's after all: our routes answer — an essay page, or (webApp.ts) the 404 of a
    // protocol path in our envelope, never the page redirect (issue 40.6). A delivery's body is read
    // already, so an unknown inbox is answered here.
    if (passOn === 'not-found') {
      if (req.method === 'GET' || req.method === 'HEAD') return;
      throw notFound(said('error.http.noSuchAddress'));
    }
    if (passOn === 'not-acceptable' && req.method === 'GET' && !url.pathname.startsWith('/ap/')) return;
    if (response.status === 401)
      deps.logger.info({ url: loggableUrl(req.url) }, 'federation: unsigned or wrongly signed');
    const out = await protocolBody(url, response);
    reply.code(response.status);
    response.headers.forEach((value, name) => {
      // The body may have been rewritten (protocolAnswers.ts): Fastify counts its own length.
      if (name !== 'content-length') reply.header(name, value);
    });
    return reply.send(out);
  });
};
