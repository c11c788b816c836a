import { type CallResponse, type Calls, calls, fillPath, type RouteName } from '@candy/contract';
import { expect } from 'vitest';
import type { OpenApiChecker } from './openapiCheck.ts';

export interface ProbeInput {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | undefined>;
  json?: unknown;
  form?: FormData;
  /** A body sent as is, with its content type. */
  raw?: { type: string; data: string };
  /** Who calls: by default the owner for owner calls, the dark key for dark calls, nobody otherwise. */
  as?: 'owner' | 'dark' | 'visitor';
  headers?: Record<string, string>;
}

export interface ProbeAnswer {
  status: number;
  headers: Headers;
  body: Buffer;
  json(): unknown;
}

/** Which statuses each operation answered, by operationId. */
export type Coverage = Map<string, Set<number>>;

/**
 * Calls the API over real HTTP as a browser would, checks every answer against the OpenAPI
 * document (its operation, status, content type and JSON body) and records which operation
 * answered which status.
 */
export const createProbe = (deps: {
  base: string;
  checker: OpenApiChecker;
  coverage: Coverage;
  ownerKey: string;
  darkKey: string;
}) => {
  const call = async (name: RouteName, input: ProbeInput, expected: number): Promise<ProbeAnswer> => {
    const def = calls[name];
    const url = new URL(`/api${fillPath(def.path, input.params)}`, deps.base);
    for (const [key, value] of Object.entries(input.query ?? {}))
      if (value !== undefined) url.searchParams.set(key, String(value));
    const who = input.as ?? (def.access === 'public' ? 'visitor' : def.access);
    const headers: Record<string, string> = { 'x-uuid': 'openapi-probe', ...input.headers };
    if (who === 'owner') headers['x-fingerprint'] = deps.ownerKey;
    if (who === 'dark') headers['x-dark-key'] = deps.darkKey;
    let body: string | FormData | undefined;
    if (input.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(input.json);
    } else if (input.raw) {
      headers['content-type'] = input.raw.type;
      body = input.raw.data;
    } else if (input.form) {
      body = input.form;
    }
    const res = await fetch(url, { method: def.method, headers, body });
    const bytes = Buffer.from(await res.arrayBuffer());
    const verdict = deps.checker.check({
      method: def.method,
      url: url.pathname + url.search,
      status: res.status,
      contentType: res.headers.get('content-type') ?? undefined,
      body: bytes,
    });
    const label = `${name} ${def.method} ${url.pathname}${url.search} → ${res.status} ${bytes.toString('utf8').slice(0, 300)}`;
    expect(verdict.operationId, label).toBe(name);
    expect(verdict.problems, label).toEqual([]);
    expect(res.status, label).toBe(expected);
    const seen = deps.coverage.get(name) ?? new Set<number>();
    seen.add(res.status);
    deps.coverage.set(name, seen);
    return {
      status: res.status,
      headers: res.headers,
      body: bytes,
      json: () => JSON.parse(bytes.toString('utf8')),
    };
  };

  return {
    call,
    /** A successful envelope call; its `data`, typed by the contract (the document has just vouched for its shape). */
    async ok<N extends RouteName>(name: N, input: ProbeInput = {}): Promise<CallResponse<Calls[N]>> {
      const answer = await call(name, input, 200);
      return (answer.json() as { data: CallResponse<Calls[N]> }).data;
    },
    /** A refused call with this status. */
    async fails(name: RouteName, input: ProbeInput, status: number): Promise<void> {
      await call(name, input, status);
    },
  };
};

export type Probe = ReturnType<typeof createProbe>;
