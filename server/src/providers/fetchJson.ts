import type { z } from 'zod';

/** Any failure of an outside service: unreachable, too slow, HTTP error, or an answer we cannot read. */
export class ProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderError';
  }
}

export interface FetchJsonOptions {
  timeoutMs: number;
  fetch?: typeof fetch;
  headers?: Record<string, string>;
}

/** GETs a JSON document and checks its shape; every way it can go wrong is a ProviderError. */
export const fetchJson = async <S extends z.ZodType>(
  url: string,
  schema: S,
  { timeoutMs, fetch: fetchImpl = fetch, headers = {} }: FetchJsonOptions,
): Promise<z.infer<S>> => {
  const where = new URL(url).pathname;
  let response: Response;
  try {
    response = await fetchImpl(url, {
      // Covers reading the body too, so a trickling answer cannot hang us either.
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: 'application/json', ...headers },
    });
  } catch (error) {
    throw new ProviderError(`upstream unreachable: ${where}`, { cause: error });
  }
  if (!response.ok) throw new ProviderError(`upstream answered HTTP ${response.status}: ${where}`);
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    throw new ProviderError(`upstream answered something other than JSON: ${where}`, { cause: error });
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ProviderError(`upstream answered an unexpected shape: ${where}`);
  return parsed.data;
};
