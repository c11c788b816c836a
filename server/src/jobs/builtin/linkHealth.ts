import type { Db } from '../../db/index.ts';
import { list, type Message, said } from '../../i18n/said.ts';

/** A link counts as lost after this many failed checks in a row. */
export const FAILURES_TO_LOSE = 3;
const TIMEOUT_MS = 10_000;

/** One request, HEAD first, then GET for servers that refuse HEAD; redirects are followed. */
const answers = async (url: string, fetcher: typeof fetch): Promise<string | null> => {
  let last = '';
  for (const method of ['HEAD', 'GET'] as const) {
    try {
      const res = await fetcher(url, {
        method,
        redirect: 'follow',
        signal: AbortSignal.timeout(TIMEOUT_MS),
        headers: { 'user-agent': 'CandyJar-LinkCheck/1 (+friend link health)' },
      });
      await res.body?.cancel();
      if (res.status < 400) return null;
      last = `HTTP ${res.status}`;
    } catch (error) {
      last =
        error instanceof Error
          ? error.cause instanceof Error
            ? error.cause.message
            : error.message
          : String(error);
    }
  }
  return last || 'no answer';
};

/**
 * Friend-link health (issue 12): a normal link (state 1) failing three runs in a row becomes "lost
 * contact" (2); a lost one that answers again is normal again; one-way links (3) are left alone.
 * Answers a line per link. Link rows are this job's to update (the links module only reads them).
 */
export const checkLinks = async (
  db: Db,
  options: { now: () => number; invalidate: () => void; fetcher?: typeof fetch },
): Promise<Message> => {
  const fetcher = options.fetcher ?? fetch;
  const links = await db.selectFrom('link').select(['id', 'name', 'url', 'state', 'fail_count']).execute();
  const lines: Message[] = [];
  let changed = false;
  for (const link of links) {
    if (link.state === 3) {
      lines.push(said('jobs.linkHealth.oneWay', { name: link.name }));
      continue;
    }
    const failure = await answers(link.url, fetcher);
    const failCount = failure ? Number(link.fail_count) + 1 : 0;
    const state = failure ? (failCount >= FAILURES_TO_LOSE ? 2 : link.state) : 1;
    if (state !== link.state) changed = true;
    await db
      .updateTable('link')
      .set({
        state,
        fail_count: failCount,
        checked_at: options.now(),
        check_result: (failure ?? 'ok').slice(0, 200),
      })
      .where('id', '=', link.id)
      .execute();
    const outcome = failure
      ? said('jobs.linkHealth.failed', { name: link.name, failure, count: failCount })
      : said('jobs.linkHealth.ok', { name: link.name });
    lines.push(state !== link.state ? said('jobs.linkHealth.changed', { outcome, state }) : outcome);
  }
  if (changed) options.invalidate();
  return lines.length > 0 ? list(lines, '\n') : said('jobs.linkHealth.none');
};
