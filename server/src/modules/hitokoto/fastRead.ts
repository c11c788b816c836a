import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { type Hitokoto, HitokotoQuery } from '@candy/contract/calls/hitokoto';
import { flattenHeaders, type RawHead, rawHeadOf, writeRawHead } from '../../http/rawHead.ts';
import type { HitokotoService } from './service.ts';

export interface HitokotoFastReadDeps {
  /** The call's full path, API base included (`/api/blog/hitokoto/random`). */
  path: string;
  service: Pick<HitokotoService, 'drawNow'>;
  /** What every answer carries (security headers), as the ordinary path sends them. */
  headers: OutgoingHttpHeaders;
}

const queryKeys = new Set(Object.keys(HitokotoQuery.shape));

/**
 * `GET …/blog/hitokoto/random` answered before Fastify (issue 16: "like other public reads"): the
 * quotes are in memory already, so a draw needs no routing, no hooks and no serialising — each
 * quote's envelope is serialised once. The query is still checked with the contract's schema.
 * Anything out of the ordinary (another method, an Origin for CORS, an owner or dark key, a query
 * the schema refuses or that repeats a key, quotes not loaded yet) returns false and takes the
 * ordinary path, which answers it exactly as before.
 */
export const createHitokotoFastRead = ({ path, service, headers }: HitokotoFastReadDeps) => {
  const headersOfEvery = flattenHeaders({ ...headers, 'content-type': 'application/json; charset=utf-8' });
  /** Each quote's answer — envelope and header list — is made once. */
  const answersByQuote = new WeakMap<Hitokoto, { body: Buffer; head: RawHead }>();
  const answerOf = (quote: Hitokoto) => {
    let answer = answersByQuote.get(quote);
    if (!answer) {
      const body = Buffer.from(JSON.stringify({ code: 0, data: quote }));
      answer = { body, head: rawHeadOf([...headersOfEvery, 'content-length', body.length]) };
      answersByQuote.set(quote, answer);
    }
    return answer;
  };

  let answers = 0;

  // Most visitors send one of a few queries (`pc=true`, `mobile=true`): each distinct query string
  // is checked against the schema once, then remembered (a bounded set, emptied when full).
  const checked = new Map<string, HitokotoQuery>();
  const check = (search: string): HitokotoQuery | null => {
    const raw: Record<string, string> = {};
    for (const [key, value] of new URLSearchParams(search)) {
      if (!queryKeys.has(key) || Object.hasOwn(raw, key)) return null;
      raw[key] = value;
    }
    const query = HitokotoQuery.safeParse(raw);
    if (!query.success) return null;
    if (checked.size >= 256) checked.clear();
    checked.set(search, query.data);
    return query.data;
  };

  /** Answers the call if it can (true), else leaves it to the ordinary path (false). */
  const serve = (req: IncomingMessage, res: ServerResponse, requestId: string, https: boolean): boolean => {
    if (req.method !== 'GET') return false;
    const url = req.url ?? '';
    const mark = url.indexOf('?');
    if ((mark === -1 ? url : url.slice(0, mark)) !== path) return false;
    const h = req.headers;
    if (h.origin || h['x-fingerprint'] || h['x-dark-key']) return false;
    const search = mark === -1 ? '' : url.slice(mark + 1);
    const query = checked.get(search) ?? check(search);
    if (!query) return false;
    const quote = service.drawNow(query);
    if (!quote) return false;
    const { body, head } = answerOf(quote);
    writeRawHead(res, 200, head, requestId, https);
    res.end(body);
    answers += 1;
    return true;
  };

  return {
    serve,
    /** How many draws this path answered (tests, diagnostics). */
    get answers(): number {
      return answers;
    },
  };
};
