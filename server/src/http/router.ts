import type { CallDef } from '@candy/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type Caller, callerOf } from './context.ts';
import { darkKeyRequired, unauthorized } from './errors.ts';
import { hasDarkKey, type OwnerGuard, type OwnerSession } from './guards.ts';
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
}

export interface Router {
  /** Registers a contract call. The call's `access` decides the guard; there is no other way in. */
  route<C extends CallDef>(call: C, handler: Handler<C>, options?: RouteOptions): void;
  /** Every call registered so far, for the route-enumerating guard test. */
  readonly registered: readonly RegisteredCall[];
}

export interface RouteOptions {
  /** Body limit in bytes for this call, when it differs from the server's default. */
  bodyLimit?: number;
}

export interface RouterDeps {
  app: FastifyInstance;
  prefix: string;
  ownerGuard: () => OwnerGuard;
  darkKey: string | undefined;
}

export const createRouter = ({ app, prefix, ownerGuard, darkKey }: RouterDeps): Router => {
  const registered: RegisteredCall[] = [];

  const authorize = async (access: CallDef['access'], caller: Caller): Promise<OwnerSession | null> => {
    // Only look up a session when the caller offers a key: visitors cost no database read.
    const owner = caller.fingerprint ? await ownerGuard()(caller) : null;
    if (access === 'owner' && !owner) throw unauthorized();
    if (access === 'dark' && !owner && !hasDarkKey(caller, darkKey)) throw darkKeyRequired();
    return owner;
  };

  return {
    registered,
    route(call, handler, options = {}) {
      const url = `${prefix}${call.path}`;
      registered.push({ method: call.method, url, access: call.access });
      app.route({
        method: call.method,
        url,
        ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
        handler: async (req, reply) => {
          const caller = callerOf(req);
          // Authority first: a visitor learns nothing about an owner call's input rules.
          const owner = await authorize(call.access, caller);
          const input = {
            params: call.params ? parseWith(call.params, req.params, 'params') : undefined,
            query: call.query ? parseWith(call.query, req.query, 'query') : undefined,
            body: call.body ? parseWith(call.body, req.body, 'body') : undefined,
            caller,
            owner,
            req,
            reply,
          } as HandlerInput<typeof call>;
          const data = await handler(input);
          if (reply.sent) return reply;
          return reply.send({ code: 0, data: data ?? null });
        },
      });
    },
  };
};
