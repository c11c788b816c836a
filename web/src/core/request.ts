import type { CallResponse, Calls } from '@candy/contract';
import { fillPath } from '@candy/contract/call';
import { type RouteName, routes } from '@candy/contract/routes';
import { runtimeConfig } from './runtimeConfig.ts';

/** A failed call: the envelope's code and message (spec §8). */
export class RequestError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * First cut of the request client: JSON calls against the same-origin API, envelope unwrapped.
 * The full client of spec §7–§8 (headers, 4032 retry, toasts, offline source) replaces it.
 */
export const call = async <N extends RouteName>(
  name: N,
  options: { params?: Record<string, string | number>; body?: unknown } = {},
): Promise<CallResponse<Calls[N]>> => {
  const def = routes[name];
  const response = await fetch(`${runtimeConfig.apiBasePath}${fillPath(def.path, options.params)}`, {
    method: def.method,
    headers: options.body === undefined ? {} : { 'content-type': 'application/json' },
    body: options.body === undefined ? null : JSON.stringify(options.body),
  });
  const envelope = (await response.json()) as { code: number; data: unknown; errorMsg?: string };
  if (envelope.code !== 0) throw new RequestError(envelope.code, envelope.errorMsg ?? '业务出错');
  return envelope.data as CallResponse<Calls[N]>;
};
