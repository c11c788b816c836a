import type { FastifyReply, FastifyRequest } from 'fastify';

/** `limit` as apps send it: 20 unless asked, never more than 40 (Mastodon's own bounds). */
export const limitOf = (query: Record<string, unknown>, fallback = 20, max = 40): number => {
  const n = Number(query.limit);
  return Number.isInteger(n) && n > 0 ? Math.min(n, max) : fallback;
};

/**
 * Mastodon's `Link` header: `next` is the older page (`max_id` = the last item), `prev` the newer
 * one (`min_id` = the first). Apps page by following it and never build the query themselves.
 */
export const setLinkHeader = (
  req: FastifyRequest,
  reply: FastifyReply,
  origin: string,
  ids: { first: string; last: string } | null,
): void => {
  if (!ids) return;
  const path = req.url.split('?')[0] ?? '';
  const query = new URLSearchParams(
    Object.entries(req.query as Record<string, unknown>).flatMap(([k, v]) =>
      typeof v === 'string' && !['max_id', 'min_id', 'since_id'].includes(k)
        ? [[k, v] as [string, string]]
        : [],
    ),
  );
  const link = (key: string, value: string) => {
    const q = new URLSearchParams(query);
    q.set(key, value);
    return `${origin}${path}?${q.toString()}`;
  };
  void reply.header(
    'link',
    `<${link('max_id', ids.last)}>; rel="next", <${link('min_id', ids.first)}>; rel="prev"`,
  );
};
