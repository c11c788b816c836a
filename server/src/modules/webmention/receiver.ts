import type { WebmentionAccepted, WebmentionInput } from '@candy/contract/calls/webmention';
import { essayIdOfPath, movedEssayPath } from '@candy/contract/sitePaths';
import { invalidField } from '../../http/errors.ts';
import type { RateLimiter, RateRule } from '../../http/rateLimit.ts';
import { said } from '../../i18n/said.ts';
import { keyOf, type WebmentionRepo } from './repo.ts';

/** Per source host: a burst, and a ceiling over the hour (a site re-sending on every edit fits). */
export const SOURCE_HOST_RULES: readonly RateRule[] = [
  { limit: 10, windowMs: 60_000 },
  { limit: 60, windowMs: 3_600_000 },
];

export interface ReceiverDeps {
  repo: WebmentionRepo;
  limiter: RateLimiter;
  /** Whether a visitor may read the essay now: only those take mentions. */
  isPublic: (essayId: number) => Promise<boolean>;
  /** Our own host names (SITE_DOMAINS, with localhost and 127.0.0.1). */
  siteDomains: readonly string[];
  /** config.siteUrl, whose origin counts as ours too. */
  siteUrl: string | null;
  /** Where an old site's address of an import now leads (`/chaos/N`), or null (issue 41.18). */
  resolveOldPath: (url: string) => Promise<string | null>;
  /** Starts the verification job (it also runs every minute). */
  startChecking: () => void;
  now: () => number;
}

/**
 * The receiving half of W3C Webmention §3.2: the request is checked synchronously (addresses, the
 * target being one of our public essays, source ≠ target) and answered 202; fetching the source
 * happens later, in the `webmention-verify` job, so a slow or hostile source never holds a request.
 */
export const createWebmentionReceiver = (deps: ReceiverDeps) => {
  const ownOrigin = deps.siteUrl ? new URL(deps.siteUrl).origin : null;
  const isOurs = (url: URL) => url.origin === ownOrigin || deps.siteDomains.includes(url.hostname);

  /**
   * The essay an address of ours leads to (issue 41.18): its own page, its address of before issue 23
   * (`/chaos?id=N`), or an old site's address an import answers with 301 to it; null for any other.
   */
  const essayOf = async (target: URL): Promise<number | null> => {
    const moved = movedEssayPath(target.pathname, target.search);
    const direct = essayIdOfPath(moved ?? target.pathname);
    if (direct !== null) return direct;
    const old = await deps.resolveOldPath(`${target.pathname}${target.search}`);
    return old === null ? null : essayIdOfPath(old);
  };

  return {
    async receive(input: WebmentionInput): Promise<WebmentionAccepted> {
      const source = new URL(input.source);
      const target = new URL(input.target);
      if (source.href === target.href)
        throw invalidField('source', 'distinct', said('error.webmention.sameAddress'));
      if (!isOurs(target)) throw invalidField('target', 'ours', said('error.webmention.notOurs'));
      // Counted before any lookup: a flood of bad targets costs the flooder, not us.
      await deps.limiter.hit(
        [`webmention:${source.hostname}`],
        SOURCE_HOST_RULES,
        said('error.webmention.tooOften'),
      );
      const essayId = await essayOf(target);
      if (essayId === null) throw invalidField('target', 'accepts', said('error.webmention.notAccepted'));
      if (!(await deps.isPublic(essayId)))
        throw invalidField('target', 'exists', said('error.webmention.noEssay'));
      const at = deps.now();
      const row = await deps.repo.receive({
        key: keyOf(source.href, target.href),
        source: source.href,
        target: target.href,
        source_host: source.hostname,
        target_type: 'essay',
        target_id: essayId,
        status: 'pending',
        next_check_at: at,
        received_at: at,
      });
      deps.startChecking();
      return { id: row.id, status: 'pending' };
    },
  };
};

export type WebmentionReceiver = ReturnType<typeof createWebmentionReceiver>;
