import { ErrorCode, httpStatusOf } from '@candy/contract';
import type { FastifyError, FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.ts';
import { loggableUrl } from '../../http/security.ts';
import { ProtocolError } from './protocolError.ts';

/**
 * The paths apps call (`/api/v1`, `/api/v2`, `/oauth`, `/.well-known/oauth-…`): always at the
 * root, whatever `API_BASE_PATH` is, because apps know no other place to look.
 */
export const PROTOCOL_PREFIXES = ['/api/v1', '/api/v2', '/oauth'] as const;

/** Our errors in Mastodon's shape: a 4040 is `Record not found`, a bad field `Validation failed`. */
const protocolErrorOf = (error: AppError | FastifyError): ProtocolError | null => {
  if (error instanceof AppError) {
    const status = httpStatusOf[error.code];
    if (error.code === ErrorCode.notFound) return new ProtocolError(404, 'Record not found');
    if (error.code === ErrorCode.validation) {
      const detail = error.errors
        ?.map((e) => `${e.property} ${Object.values(e.constraints).join(', ')}`)
        .join('; ');
      return new ProtocolError(422, `Validation failed: ${detail || error.message}`);
    }
    if (error.code === ErrorCode.unsupportedMediaType)
      return new ProtocolError(422, `Validation failed: ${error.message}`);
    return status >= 500 ? null : new ProtocolError(status, error.message);
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return new ProtocolError(status === 400 ? 422 : status, error.message);
  return null;
};

/** `a[]=1&a[]=2` is an array `a` (Rails' convention, which apps follow); a plain key keeps its last value. */
const parseForm = (text: string): Record<string, unknown> => {
  const form: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    if (key.endsWith('[]')) {
      const name = key.slice(0, -2);
      const list = Array.isArray(form[name]) ? (form[name] as string[]) : [];
      form[name] = [...list, value];
    } else form[key] = value;
  }
  return form;
};

/**
 * The request's parameters whichever way the app sent them (JSON, a form, multipart fields, or the
 * query string), merged: Mastodon accepts all of them for every call.
 */
export const paramsOf = async (req: FastifyRequest): Promise<Record<string, unknown>> => {
  const query = (req.query ?? {}) as Record<string, unknown>;
  if (req.isMultipart()) {
    const fields: Record<string, unknown> = {};
    for await (const part of req.parts())
      if (part.type === 'field') {
        const name = part.fieldname.endsWith('[]') ? part.fieldname.slice(0, -2) : part.fieldname;
        fields[name] = part.fieldname.endsWith('[]')
          ? [...(Array.isArray(fields[name]) ? (fields[name] as unknown[]) : []), part.value]
          : part.value;
      }
    return { ...query, ...fields };
  }
  const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
  return { ...query, ...body };
};

/** A text parameter, or undefined (an app may send numbers, or nothing). */
export const textParam = (params: Record<string, unknown>, name: string): string | undefined => {
  const value = params[name];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
};

/**
 * Registers `routes` in a scope of their own: errors answer `{error}` with Mastodon's statuses,
 * forms keep their arrays, and any origin may call (apps in the browser, Elk and Phanpy, live on
 * theirs; these calls carry a bearer token, never a cookie, so `*` opens nothing).
 */
export const protocolScope = async (
  server: FastifyInstance,
  routes: (scope: FastifyInstance) => void | Promise<void>,
): Promise<void> => {
  const plugin: FastifyPluginAsync = async (scope) => {
    scope.removeContentTypeParser('application/x-www-form-urlencoded');
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, body, done) => done(null, parseForm(String(body))),
    );
    scope.setErrorHandler((error: FastifyError | AppError | ProtocolError, req, reply) => {
      const known = error instanceof ProtocolError ? error : protocolErrorOf(error);
      void reply.header('cache-control', 'no-store');
      // A 429's Retry-After travels as with our own calls.
      if (error instanceof AppError && error.headers) void reply.headers(error.headers);
      if (known) return reply.status(known.status).send(known.body);
      req.log.error({ err: error, method: req.method, url: loggableUrl(req.url) }, 'unexpected error');
      return reply.status(500).send({ error: 'Internal server error' });
    });
    scope.addHook('onSend', async (_req, reply, payload) => {
      void reply.header('access-control-allow-origin', '*');
      void reply.header('access-control-expose-headers', 'Link');
      return payload;
    });
    await routes(scope);
  };
  await server.register(plugin);
};

/** Preflights for the app paths: any origin, the headers apps send. */
export const answerPreflights = (scope: FastifyInstance, paths: readonly string[]): void => {
  for (const path of paths)
    scope.options(path, async (_req, reply) =>
      reply
        .status(204)
        .header('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE')
        .header('access-control-allow-headers', 'authorization, content-type, idempotency-key')
        .header('access-control-max-age', '600')
        .send(),
    );
};
