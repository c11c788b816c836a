import type { BangumiSubject, BangumiSubjectPage } from '@candy/contract/calls/bangumi';
import * as z from 'zod';
import { fetchJson, ProviderError } from '../fetchJson.ts';
import { createTtlCache } from '../ttlCache.ts';

export { ProviderError };

/** Page size of our keyword and air-date lookups. */
export const bangumiPageSize = 20;

/** Bangumi asks API users to name their application in the User-Agent. */
export const bangumiUserAgent =
  'candy-jar/1.0 (self-hosted personal site; https://github.com/candy-jar/candy-jar)';

const Images = z
  .object({ large: z.string().optional(), common: z.string().optional(), medium: z.string().optional() })
  .partial()
  .nullable()
  .optional();

// Public Bangumi API v0: GET /v0/subjects/{id}; POST /v0/search/subjects (the fields we read).
const V0Subject = z.object({
  id: z.number(),
  name: z.string(),
  name_cn: z.string().nullable().optional(),
  images: Images,
  date: z.string().nullable().optional(),
  eps: z.number().nullable().optional(),
  total_episodes: z.number().nullable().optional(),
  summary: z.string().nullable().optional(),
  tags: z
    .array(z.object({ name: z.string() }))
    .nullable()
    .optional(),
  rating: z.object({ score: z.number().nullable().optional() }).nullable().optional(),
});
const V0Page = z.object({ total: z.number(), data: z.array(V0Subject) });

// Legacy API: GET /search/subject/{keyword}?type=2&responseGroup=medium&start=&max_results=.
// With no match it answers {"code":404,"error":"Not Found"} (HTTP 200), read as an empty page.
const LegacySubject = z.object({
  id: z.number(),
  name: z.string(),
  name_cn: z.string().nullable().optional(),
  images: Images,
  air_date: z.string().nullable().optional(),
  eps: z.number().nullable().optional(),
  eps_count: z.number().nullable().optional(),
  summary: z.string().nullable().optional(),
  rating: z.object({ score: z.number().nullable().optional() }).nullable().optional(),
});
const LegacySearch = z.union([
  z.object({ results: z.number(), list: z.array(LegacySubject).nullable() }),
  z.object({ code: z.literal(404) }).transform(() => ({ results: 0, list: [] })),
]);

const dateOf = (d: string | null | undefined): string | null =>
  d && /^\d{4}-\d{2}-\d{2}$/.test(d) && d !== '0000-00-00' ? d : null;

const coverOf = (images: z.infer<typeof Images>): string =>
  images?.large || images?.common || images?.medium || '';

const fromV0 = (s: z.infer<typeof V0Subject>): BangumiSubject => ({
  subjectId: s.id,
  title: s.name,
  titleCn: s.name_cn ?? '',
  cover: coverOf(s.images),
  airDate: dateOf(s.date),
  episodes: s.total_episodes || s.eps || null,
  summary: s.summary ?? '',
  tags: (s.tags ?? []).slice(0, 10).map((t) => t.name),
  rating: s.rating?.score ?? null,
});

const fromLegacy = (s: z.infer<typeof LegacySubject>): BangumiSubject => ({
  subjectId: s.id,
  title: s.name,
  titleCn: s.name_cn ?? '',
  cover: coverOf(s.images),
  airDate: dateOf(s.air_date),
  episodes: s.eps_count || s.eps || null,
  summary: s.summary ?? '',
  tags: [],
  rating: s.rating?.score ?? null,
});

export interface BangumiProvider {
  subject(id: number): Promise<BangumiSubject>;
  byKeyword(keyword: string, start: number): Promise<BangumiSubjectPage>;
  /** `month` is YYYY-MM; `page` counts from 1. */
  byAirDate(month: string, page: number): Promise<BangumiSubjectPage>;
}

export interface BangumiOptions {
  baseUrl: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
  /** How long an answer is reused. */
  ttlMs?: number;
}

const nextMonth = (month: string): string => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
};

/** Talks to the Bangumi API; answers are cached; every failure is a ProviderError. */
export const createBangumiProvider = ({
  baseUrl,
  timeoutMs = 8000,
  fetch: fetchImpl = fetch,
  now = Date.now,
  ttlMs = 10 * 60_000,
}: BangumiOptions): BangumiProvider => {
  const base = baseUrl.replace(/\/+$/, '');
  const cache = createTtlCache<string, unknown>({ ttlMs, maxEntries: 500, now });
  const headers = { 'user-agent': bangumiUserAgent };

  const cached = async <T>(key: string, load: () => Promise<T>): Promise<T> => {
    const hit = cache.get(key);
    if (hit !== undefined) return hit as T;
    const value = await load();
    cache.set(key, value);
    return value;
  };

  return {
    subject: (id) =>
      cached(`s:${id}`, async () => {
        const found = await fetchJson(`${base}/v0/subjects/${id}`, V0Subject, {
          timeoutMs,
          headers,
          fetch: fetchImpl,
        });
        return fromV0(found);
      }),

    byKeyword: (keyword, start) =>
      cached(`k:${keyword}\n${start}`, async () => {
        const url = `${base}/search/subject/${encodeURIComponent(keyword)}?type=2&responseGroup=medium&start=${start}&max_results=${bangumiPageSize}`;
        const found = await fetchJson(url, LegacySearch, { timeoutMs, headers, fetch: fetchImpl });
        return { total: found.results, list: (found.list ?? []).map(fromLegacy) };
      }),

    byAirDate: (month, page) =>
      cached(`d:${month}\n${page}`, async () => {
        const offset = (page - 1) * bangumiPageSize;
        const body = JSON.stringify({
          keyword: '',
          sort: 'rank',
          filter: { type: [2], air_date: [`>=${month}-01`, `<${nextMonth(month)}-01`], nsfw: false },
        });
        // fetchJson GETs; the v0 search is a POST, so the request is adjusted on its way out.
        const post: typeof fetch = (input, init) =>
          fetchImpl(input, {
            ...init,
            method: 'POST',
            body,
            headers: { ...(init?.headers as Record<string, string>), 'content-type': 'application/json' },
          });
        const found = await fetchJson(
          `${base}/v0/search/subjects?limit=${bangumiPageSize}&offset=${offset}`,
          V0Page,
          { timeoutMs, headers, fetch: post },
        );
        return { total: found.total, list: found.data.map(fromV0) };
      }),
  };
};
