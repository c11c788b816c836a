import type { CallDef } from '@candy/contract';
import { type Language, sourceLanguage } from '@candy/contract/languages';
import { tokenPermits } from '@candy/contract/tokenScope';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { said } from '../i18n/said.ts';
import { serverText } from '../i18n/serverText.ts';
import { type Caller, callerOf } from './context.ts';
import { conflict, darkKeyRequired, forbidden, unauthorized } from './errors.ts';
import { checkSecurityGuard, hasDarkKey, type OwnerGuard, type OwnerSession } from './guards.ts';
import type { Idempotency } from './idempotency.ts';
import { parseWith } from './validate.ts';

type Infer<S> = [NonNullable<S>] extends [z.ZodType] ? z.infer<NonNullable<S>> : undefined;

export interface HandlerInput<C extends CallDef> {
  params: Infer<C['params']>;
  query: Infer<C['query']>;
  body: Infer<C['body']>;
  caller: Caller;
  /** The owner's session when the caller proved to be the owner (always set on owner calls). */
  owner: OwnerSession | null;
  req: FastifyRequest;
  reply: FastifyReply;
}

export type Handler<C extends CallDef> = (input: HandlerInput<C>) => Promise<z.infer<C['response']>>;

export interface RegisteredCall {
  method: string;
  url: string;
  access: CallDef['access'];
  guard: CallDef['guard'];
}

export interface Router {
  /** Registers a contract call. The call's `access` decides the guard; there is no other way in. */
  route<C extends CallDef>(call: C, handler: Handler<C>, options?: RouteOptions): void;
  /** Every call registered so far, for the route-enumerating guard test. */
  readonly registered: readonly RegisteredCall[];
  /**
   * Called with each request the owner makes from a browser session (not an API token), once the
   * session is verified: where the owner reaches the site from (issue 41.17). Must not throw.
   */
  onOwnerRequest(listener: (req: FastifyRequest) => void): void;
  /**
   * Paths under the API prefix that are not ours (the Mastodon client API at `/api/v1`, issue 42):
   * their module guards them itself, with the answers apps expect, so the start-up check lets them by.
   */
  allowForeign(prefixes: readonly string[]): void;
}

export interface RouteOptions {
  /** Body limit in bytes for this call, when it differs from the server's default. */
  bodyLimit?: number;
  /**
   * Also accept the access key as the `fingerprint` query (protected assets, spec §6: an `<img>`
   * cannot send headers). The query is checked exactly like the header and never reaches the
   * call's own query schema.
   */
  keyFromQuery?: boolean;
  /**
   * An owner call whose answer may be cached privately (protected files, which set their own
   * `Cache-Control: private`); every other owner answer is `no-store`.
   */
  cacheable?: boolean;
  /**
   * The lowest level this call's request lines are written at (Fastify's per-route `logLevel`). The log
   * browser's own reads use `warn`: a page following the log live would otherwise fill it with itself.
   */
  logLevel?: 'warn';
}

export interface RouterDeps {
  app: FastifyInstance;
  prefix: string;
  ownerGuard: () => OwnerGuard;
  darkKey: string | undefined;
  /** The clock the security guard's freshness is measured by (tests move it). */
  now?: () => number;
  /** Owner writes with an `Idempotency-Key` are done once across retries and replicas. */
  idempotency?: Idempotency;
  /** The site's language (SITE_LANGUAGE): the audit log's words. */
  language?: Language;
}

/** Thrown at start-up when code adds an API route behind the router's back. */
export class UnguardedRouteError extends Error {
  constructor(method: string, url: string) {
    super(`${method} ${url} is under the API prefix but was not registered through router.route()`);
    this.name = 'UnguardedRouteError';
  }
}

const FINGERPRINT_QUERY = 'fingerprint';

/**
 * An API token acts for the owner only within its scope (issue 26.4), checked here for every call so
 * no module can forget. Outside it, an owner call is refused (4030); any other call treats the
 * caller as a visitor, so a read-only token cannot, say, comment as the owner.
 */
const withinTokenScope = (call: CallDef, owner: OwnerSession | null): OwnerSession | null => {
  if (!owner?.token || tokenPermits(owner.token.scope, call)) return owner;
  if (call.access === 'owner') throw forbidden(said('error.tokens.outOfScope'));
  return null;
};

/** The audit line's "who": a token's writes name the token. */
const auditName = (owner: OwnerSession, language: Language): string =>
  owner.token
    ? serverText(language, 'audit.viaToken', { owner: owner.username, token: owner.token.name })
    : owner.username;

const fingerprintOf = (req: FastifyRequest, caller: Caller, keyFromQuery: boolean): Caller => {
  if (!keyFromQuery) return caller;
  const query = (req.query ?? {}) as Record<string, unknown>;
  const fromQuery = query[FINGERPRINT_QUERY];
  delete query[FINGERPRINT_QUERY];
  if (caller.fingerprint || typeof fromQuery !== 'string' || fromQuery === '') return caller;
  return { ...caller, fingerprint: fromQuery };
};

export const createRouter = ({
  app,
  prefix,
  ownerGuard,
  darkKey,
  now = Date.now,
  idempotency,
  language = sourceLanguage,
}: RouterDeps): Router => {
  const registered: RegisteredCall[] = [];
  // Set only while route() itself adds a route (and fastify's automatic HEAD twin of a GET).
  let viaRouter = false;
  const foreign: string[] = [];
  const under = (url: string, path: string) => url === path || url.startsWith(`${path}/`);
  const isApiUrl = (url: string) => under(url, prefix) && !foreign.some((path) => under(url, path));
  // Every route fastify learns about passes here, including those of plugins registered later:
  // an API route that skipped the router (and so its guard) stops the server from starting.
  app.addHook('onRoute', (route) => {
    if (viaRouter || !isApiUrl(route.url)) return;
    const method = Array.isArray(route.method) ? route.method.join(',') : route.method;
    throw new UnguardedRouteError(method, route.url);
  });

  const owners = new WeakMap<FastifyRequest, OwnerSession>();
  const ownerListeners: ((req: FastifyRequest) => void)[] = [];

  const authorize = async (call: CallDef, caller: Caller): Promise<OwnerSession | null> => {
    const { access } = call;
    // Only look up a session when the caller offers a key or token: visitors cost no database read.
    const verified = caller.fingerprint || caller.bearer ? await ownerGuard().verify(caller) : null;
    const owner = withinTokenScope(call, verified);
    if (access === 'owner' && !owner) throw unauthorized();
    if (access === 'dark' && !owner && !hasDarkKey(caller, darkKey)) throw darkKeyRequired();
    if (owner && call.guard) checkSecurityGuard(call.guard, owner, now());
    return owner;
  };

  /** Audits an owner write once its answer (success or error) is decided, before it is sent. */
  const auditWrite = async (req: FastifyRequest, reply: FastifyReply) => {
    const owner = owners.get(req);
    if (!owner) return;
    try {
      await ownerGuard().recordWrite({
        username: auditName(owner, language),
        method: req.method,
        path: (req.url.split('?')[0] ?? '').slice(0, 512),
        status: reply.statusCode,
        ip: req.ip,
      });
    } catch (error) {
      // The write itself already happened; losing its audit line must not turn it into a 500.
      req.log.error({ err: error }, 'audit log write failed');
    }
  };

  return {
    registered,
    allowForeign(prefixes) {
      foreign.push(...prefixes);
    },
    onOwnerRequest(listener) {
      ownerListeners.push(listener);
    },
    route(call, handler, options = {}) {
      const url = `${prefix}${call.path}`;
      const auditsWrites = call.access === 'owner' && call.method !== 'GET';
      registered.push({ method: call.method, url, access: call.access, guard: call.guard });
      viaRouter = true;
      try {
        app.route({
          method: call.method,
          url,
          ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
          ...(options.logLevel ? { logLevel: options.logLevel } : {}),
          // Owner answers (sessions, IPs, drafts…) must not be kept by any cache — refusals included,
          // so the header is set before the body is even parsed.
          // A cacheable call sets its own header on success; its refusals are not kept either.
          ...(call.access === 'owner'
            ? {
                onRequest: async (_req: FastifyRequest, reply: FastifyReply) => {
                  void reply.header('cache-control', 'no-store');
                },
              }
            : {}),
          ...(auditsWrites
            ? {
                onSend: async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
                  await auditWrite(req, reply);
                  return payload;
                },
              }
            : {}),
          handler: async (req, reply) => {
            const caller = fingerprintOf(req, callerOf(req), options.keyFromQuery === true);
            // Authority first: a visitor learns nothing about an owner call's input rules.
            const owner = await authorize(call, caller);
            if (owner && auditsWrites) owners.set(req, owner);
            if (owner?.kind === 'session') for (const listener of ownerListeners) listener(req);
            const input = {
              params: call.params ? parseWith(call.params, req.params, 'params') : undefined,
              query: call.query ? parseWith(call.query, req.query, 'query') : undefined,
              body: call.body ? parseWith(call.body, req.body, 'body') : undefined,
              caller,
              owner,
              req,
              reply,
            } as HandlerInput<typeof call>;
            const key =
              owner && call.method !== 'GET' ? idempotency?.keyOf(req.headers['idempotency-key']) : undefined;
            if (key && idempotency) {
              const claim = await idempotency.claim(key, `${req.method} ${req.url.split('?')[0] ?? ''}`);
              if (claim.kind === 'done') return reply.type('application/json').send(claim.answer);
              if (claim.kind === 'refused') throw conflict(said('error.http.idempotencyRepeated'));
            }
            let data: Awaited<ReturnType<typeof handler>>;
            try {
              data = await handler(input);
            } catch (error) {
              if (key) await idempotency?.release(key);
              throw error;
            }
            if (reply.sent) return reply;
            const envelope = { code: 0, data: data ?? null };
            if (key) await idempotency?.finish(key, JSON.stringify(envelope));
            return reply.send(envelope);
          },
        });
      } finally {
        viaRouter = false;
      }
    },
  };
};
