import type { Language } from '@candy/contract/languages';
import type { Updateable } from 'kysely';
import type { Logger } from 'pino';
import type { WebmentionReceivedTable } from '../../db/schemaWebmentions.ts';
import { list, type Message, messageOf, said, sayIn } from '../../i18n/said.ts';
import { serverText } from '../../i18n/serverText.ts';
import { type Outbound, OutboundError } from '../../net/outbound.ts';
import type { Mention } from './mention.ts';
import { pageReader } from './pageReader.ts';
import type { ReceivedRow, WebmentionRepo } from './repo.ts';

/** Waits after the 1st, 2nd … check that could not read the source; then the mention is failed. */
export const VERIFY_RETRY_DELAYS_MS = [60_000, 10 * 60_000, 60 * 60_000] as const;
const BATCH = 20;
const TIMEOUT_MS = 10_000;
const SOURCE_BYTES = 1024 * 1024;

/**
 * Where verified mentions are shown: the comments module's one thread (a reply or a mention is a
 * comment by the remote author, a like or a repost a reaction). `previous` is what the last check
 * stored for this source and target, so a changed kind replaces it.
 */
export interface MentionStore {
  save(row: ReceivedRow, mention: Mention, previous: Mention['kind'] | null): Promise<void>;
  remove(row: ReceivedRow, previous: Mention['kind']): Promise<void>;
}

export interface VerifierDeps {
  repo: WebmentionRepo;
  outbound: Outbound;
  store: MentionStore;
  logger: Logger;
  now: () => number;
  /** The site's language (SITE_LANGUAGE): the log's words. */
  language: Language;
}

type Outcome = Updateable<WebmentionReceivedTable>;

/**
 * Verifies received Webmentions off the request (W3C §3.2.2), as the `webmention-verify` job: the
 * source is fetched through the outbound module (SSRF guard, size cap, redirects limited) and must
 * link to the target; then it is read with the microformats2 parser. A source that stops linking,
 * or is gone (404/410), takes its earlier mention away (§3.2.3 update and delete).
 */
export const createWebmentionVerifier = ({ repo, outbound, store, logger, now, language }: VerifierDeps) => {
  let kick: () => Promise<unknown> = async () => {};

  /** A row's kind is set only while a check found it linking: what is stored for it now. */
  const previousKind = (row: ReceivedRow) => row.kind;

  /** Takes away what an earlier check stored, and says why this one did not store anything. */
  const withdraw = async (row: ReceivedRow, outcome: Outcome): Promise<Outcome> => {
    const kind = previousKind(row);
    if (kind) await store.remove(row, kind);
    return { ...outcome, kind: null, author_name: null, author_url: null, author_photo: null, content: null };
  };

  const check = async (row: ReceivedRow): Promise<Outcome> => {
    const attempts = row.attempts + 1;
    const base = { attempts, checked_at: now(), next_check_at: null };
    const later = (error: string): Outcome => {
      const delay = VERIFY_RETRY_DELAYS_MS[attempts - 1];
      return delay === undefined
        ? { ...base, status: 'failed', error }
        : { ...base, status: 'pending', error, next_check_at: now() + delay };
    };
    let page: Awaited<ReturnType<Outbound['fetch']>>;
    try {
      page = await outbound.fetch(row.source, {
        headers: { accept: 'text/html, application/xhtml+xml;q=0.9, text/plain;q=0.5, */*;q=0.1' },
        timeoutMs: TIMEOUT_MS,
        maxBytes: SOURCE_BYTES,
        truncate: true,
      });
    } catch (error) {
      const message = sayIn(language, messageOf(error));
      if (error instanceof OutboundError && (error.kind === 'refused' || error.kind === 'invalidUrl'))
        return { ...base, status: 'failed', error: message };
      return later(message);
    }
    if (page.status === 404 || page.status === 410)
      return withdraw(row, {
        ...base,
        status: 'gone',
        error: serverText(language, 'webmention.sourceGone', { status: page.status }),
      });
    if (page.status < 200 || page.status >= 300)
      return later(serverText(language, 'webmention.sourceStatus', { status: page.status }));
    const body = page.body.toString('utf8');
    const isHtml = /html/i.test(String(page.headers['content-type'] ?? ''));
    const { linksTo, readMention } = await pageReader();
    const linked = isHtml ? linksTo(body, row.target, page.url) : body.includes(row.target);
    if (!linked)
      return withdraw(row, { ...base, status: 'rejected', error: serverText(language, 'webmention.noLink') });
    const mention = readMention(isHtml ? body : '', page.url, row.target);
    await store.save(row, mention, previousKind(row));
    return {
      ...base,
      status: 'verified',
      error: null,
      kind: mention.kind,
      author_name: mention.authorName,
      author_url: mention.authorUrl,
      author_photo: mention.authorPhoto,
      content: mention.content,
    };
  };

  return {
    attachRunner(run: () => Promise<unknown>): void {
      kick = run;
    },

    /** Starts the job now (a mention was received); a failure to start waits for the next minute. */
    startChecking(): void {
      void kick().catch((error: unknown) => logger.warn({ err: error }, 'webmention-verify job not started'));
    },

    /** The job: checks what is due until none is left or the deadline (real time) passes. */
    async run(deadline: number): Promise<Message> {
      const counts: Record<string, number> = {};
      while (Date.now() < deadline) {
        const due = await repo.dueReceived(now(), BATCH);
        if (due.length === 0) break;
        for (const row of due) {
          let outcome: Outcome;
          try {
            outcome = await check(row);
          } catch (error) {
            // A store that failed (the comment's target gone meanwhile …) settles the row, not the job.
            logger.warn({ err: error, webmention: row.id }, 'webmention verification failed');
            outcome = {
              attempts: row.attempts + 1,
              checked_at: now(),
              next_check_at: null,
              status: 'failed',
              error: sayIn(language, messageOf(error)),
            };
          }
          await repo.updateReceived(row.id, outcome);
          const status = String(outcome.status);
          counts[status] = (counts[status] ?? 0) + 1;
        }
      }
      const pending = await repo.countPending('webmention_received');
      const done = Object.entries(counts).map(([status, n]) => `${status} ${n}`);
      return said('webmention.verifyDone', {
        done: done.length > 0 ? list(done, said('list.comma')) : said('webmention.noneDue'),
        pending,
      });
    },
  };
};

export type WebmentionVerifier = ReturnType<typeof createWebmentionVerifier>;
