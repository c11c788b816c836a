import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingHttpHeaders } from 'node:http';
import type { Outbound } from '../../net/outbound.ts';

/** A remote inbox's answer is read for the delivery log only: its start is enough. */
const ANSWER_BYTES = 64 * 1024;
const DELIVERY_TIMEOUT_MS = 30_000;
/** Statuses whose Response may not carry a body. */
const NULL_BODY = new Set([101, 204, 205, 304]);

const headersOf = (headers: IncomingHttpHeaders): Headers => {
  const result = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) result.append(name, one);
  }
  return result;
};

/**
 * A `fetch` that sends through our outbound module: the address policy is checked in the socket's
 * own lookup, so the inbox connected to is the one checked (no DNS rebinding between a check and
 * the send), with a timeout and a cap on the answer read. Redirects are not followed: a delivery is
 * a signed POST to the inbox its actor named.
 */
export const outboundFetch =
  (outbound: Pick<Outbound, 'fetch'>): typeof fetch =>
  async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const method = request.method.toUpperCase();
    if (method !== 'GET' && method !== 'POST' && method !== 'HEAD') {
      throw new TypeError(`outbound fetch: ${method} is not sent`);
    }
    const answer = await outbound.fetch(request.url, {
      method,
      headers: Object.fromEntries(request.headers),
      ...(body ? { body } : {}),
      maxRedirects: 0,
      maxBytes: ANSWER_BYTES,
      truncate: true,
      timeoutMs: DELIVERY_TIMEOUT_MS,
    });
    return new Response(NULL_BODY.has(answer.status) ? null : new Uint8Array(answer.body), {
      status: answer.status,
      headers: headersOf(answer.headers),
    });
  };

const scope = new AsyncLocalStorage<typeof fetch>();
let installed = false;

/**
 * Runs `run` with the global `fetch` replaced by `fetcher` for the calls made in its async context.
 * Fedify 1.5 posts deliveries with the global `fetch` and has no option for another, so the delivery
 * log runs each outbox message inside this. Everywhere else `fetch` is untouched: the replacement
 * reads the context each call runs in, and is installed once per process on first use.
 */
export const withDeliveryFetch = <T>(fetcher: typeof fetch, run: () => Promise<T>): Promise<T> => {
  if (!installed) {
    installed = true;
    const untouched = globalThis.fetch;
    globalThis.fetch = ((input: string | URL | Request, init?: RequestInit) =>
      (scope.getStore() ?? untouched)(input, init)) as typeof fetch;
  }
  return scope.run(fetcher, run);
};
