import type { z } from 'zod';
import type { RouteDef } from './routeDef.ts';

export type { Access, HttpMethod, OwnerGuardLevel } from './routeDef.ts';
export { FRESH_LOGIN_MS } from './routeDef.ts';

export interface CallDef<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> extends RouteDef {
  params?: P;
  query?: Q;
  body?: B;
  response: R;
}

/**
 * A call: its route from `routes.ts` plus the zod schemas of its input and answer, built on first
 * use (issue 39: idle memory). Building every call's schemas at start-up cost the server 4.3 MB of
 * heap that an idle server never reads; the router reads a call's schemas at its first request.
 * For the same reason the calls' top-level schemas are `z.lazy(() => …)`, except those whose own
 * API (`.shape`, `.extend`, `.options`, `.min`…) something needs: the type-checker says which.
 */
export const defineCall = <
  P extends z.ZodType = z.ZodUndefined,
  Q extends z.ZodType = z.ZodUndefined,
  B extends z.ZodType = z.ZodUndefined,
  R extends z.ZodType = z.ZodType,
>(
  route: RouteDef,
  schemas: () => { params?: P; query?: Q; body?: B; response: R },
): CallDef<P, Q, B, R> => {
  let built: { params?: P; query?: Q; body?: B; response: R } | null = null;
  const schema = () => (built ??= schemas());
  const call = { ...route } as CallDef<P, Q, B, R>;
  for (const part of ['params', 'query', 'body', 'response'] as const)
    Object.defineProperty(call, part, { enumerable: true, get: () => schema()[part] });
  return call;
};

export type CallParams<C> = C extends CallDef<infer P> ? z.infer<P> : never;
export type CallQuery<C> = C extends CallDef<z.ZodType, infer Q> ? z.infer<Q> : never;
export type CallBody<C> = C extends CallDef<z.ZodType, z.ZodType, infer B> ? z.infer<B> : never;
export type CallResponse<C> =
  C extends CallDef<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.infer<R> : never;

/** Fills `:name` placeholders; the client and tests use it so paths are written once. */
export const fillPath = (path: string, params: Record<string, string | number> = {}): string =>
  path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
