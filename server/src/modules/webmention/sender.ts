import type { Essay } from '@candy/contract/calls/essays';
import type { Language } from '@candy/contract/languages';
import { essayPath } from '@candy/contract/sitePaths';
import type { Logger } from 'pino';
import type { SiteEvent } from '../../events.ts';
import { type Message, messageOf, said, sayIn } from '../../i18n/said.ts';
import { serverText } from '../../i18n/serverText.ts';
import { type Outbound, OutboundError } from '../../net/outbound.ts';
import { discoverEndpoint } from './discovery.ts';
import { outgoingLinks } from './outgoingLinks.ts';
import { keyOf, type SentRow, type WebmentionRepo } from './repo.ts';

/** Waits after the 1st, 2nd … failed try that may succeed later (network, 5xx); then it is failed. */
export const SEND_RETRY_DELAYS_MS = [60_000, 10 * 60_000, 60 * 60_000] as const;
const BATCH = 20;
const TIMEOUT_MS = 10_000;

export interface SenderDeps {
  repo: WebmentionRepo;
  outbound: Outbound;
  /** Whether a visitor may read the essay now (hidden and reserved ones are never announced). */
  isPublic: (essayId: number) => Promise<boolean>;
  /** The site's public origin (config.siteUrl); null: nothing is sent, there is no source to name. */
  siteUrl: string | null;
  logger: Logger;
  now: () => number;
  /** The site's language (SITE_LANGUAGE): the log's words. */
  language: Language;
}

/**
 * Sending Webmentions (W3C §3.1) for our essays. When an essay is published or edited, each page it
 * links to gets a row; a link that was already there is not sent again, a link taken out is sent once
 * more (the receiver then finds it gone and drops our mention, §3.2.3), and so are all of a deleted
 * essay's links. The `webmention-send` job works the rows off: discovery, then a form POST of
 * `source` and `target`, through the outbound module, with retries for failures that may pass.
 */
export const createWebmentionSender = ({
  repo,
  outbound,
  isPublic,
  siteUrl,
  logger,
  now,
  language,
}: SenderDeps) => {
  let kick: () => Promise<unknown> = async () => {};
  const startSending = () => {
    void kick().catch((error: unknown) => logger.warn({ err: error }, 'webmention-send job not started'));
  };

  /** Brings an essay's rows in line with its links; answers whether anything is to be sent. */
  const plan = async (essayId: number, links: readonly string[]): Promise<boolean> => {
    const rows = await repo.sentFor(essayId);
    const known = new Map(rows.map((row) => [row.target, row]));
    const at = now();
    let queued = false;
    for (const target of links) {
      const row = known.get(target);
      if (row && row.removed === 0) continue;
      queued = true;
      if (row) {
        await repo.updateSent(row.id, { removed: 0, status: 'pending', attempts: 0, next_attempt_at: at });
        continue;
      }
      await repo.insertSent({
        key: keyOf(essayId, target),
        essay_id: essayId,
        target,
        status: 'pending',
        next_attempt_at: at,
        created_at: at,
      });
    }
    for (const row of rows) {
      if (links.includes(row.target) || row.removed === 1) continue;
      // Only a receiver that was told of the link needs telling it is gone.
      if (row.status !== 'sent') {
        await repo.updateSent(row.id, { removed: 1, status: 'none', next_attempt_at: null });
        continue;
      }
      queued = true;
      await repo.updateSent(row.id, { removed: 1, status: 'pending', attempts: 0, next_attempt_at: at });
    }
    return queued;
  };

  /**
   * A hidden essay links nowhere as far as others know: nothing new is sent, and pages told of it
   * before are told once more, so they find it gone (our page answers 404) and drop the mention.
   */
  const planEssay = async (essay: Essay): Promise<void> => {
    if (siteUrl === null) {
      logger.info({ essayId: essay.id }, 'webmentions not sent: set SITE_URL (or SITE_DOMAINS)');
      return;
    }
    const links = essay.hide ? [] : outgoingLinks(essay.content, new URL(siteUrl).origin);
    if (await plan(essay.id, links)) startSending();
  };

  /** One try; answers the row's next state. */
  const sendOne = async (row: SentRow): Promise<Parameters<WebmentionRepo['updateSent']>[1]> => {
    const attempts = row.attempts + 1;
    const base = { attempts, next_attempt_at: null };
    if (row.removed === 0 && !(await isPublic(row.essay_id)))
      return { ...base, status: 'failed', error: serverText(language, 'webmention.notPublic') };
    const retry = (error: string, statusCode: number | null = null) => {
      const delay = SEND_RETRY_DELAYS_MS[attempts - 1];
      return delay === undefined
        ? { ...base, status: 'failed' as const, error, status_code: statusCode }
        : {
            ...base,
            status: 'pending' as const,
            error,
            status_code: statusCode,
            next_attempt_at: now() + delay,
          };
    };
    try {
      const endpoint = await discoverEndpoint(outbound, row.target);
      if (!endpoint) return { ...base, status: 'none', endpoint: null, error: null };
      const source = `${siteUrl}${essayPath(row.essay_id)}`;
      const answer = await outbound.fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ source, target: row.target }).toString(),
        timeoutMs: TIMEOUT_MS,
        maxBytes: 4096,
        truncate: true,
      });
      if (answer.status >= 200 && answer.status < 300)
        return { ...base, status: 'sent', endpoint, status_code: answer.status, error: null, sent_at: now() };
      // A refusal (4xx) stays one; a server in trouble (5xx) may take it later.
      if (answer.status < 500)
        return {
          ...base,
          status: 'failed',
          endpoint,
          status_code: answer.status,
          error: `HTTP ${answer.status}`,
        };
      return { ...retry(`HTTP ${answer.status}`, answer.status), endpoint };
    } catch (error) {
      const message = sayIn(language, messageOf(error));
      if (error instanceof OutboundError && (error.kind === 'refused' || error.kind === 'invalidUrl'))
        return { ...base, status: 'failed', error: message };
      return retry(message);
    }
  };

  return {
    /** The job's runner, attached once the scheduler exists; queued mentions go out right away. */
    attachRunner(run: () => Promise<unknown>): void {
      kick = run;
    },

    /** The event bus listener: an essay visitors see now was published, edited or deleted. */
    async onEvent(event: SiteEvent): Promise<void> {
      if (event.type === 'essay.published' || event.type === 'essay.updated') await planEssay(event.data);
      if (event.type === 'essay.deleted' && (await plan(event.data.id, []))) startSending();
    },

    /** The job: sends what is due until none is left or the deadline (real time) passes. */
    async run(deadline: number): Promise<Message> {
      const counts = { sent: 0, none: 0, failed: 0 };
      while (Date.now() < deadline) {
        const due = await repo.dueSent(now(), BATCH);
        if (due.length === 0) break;
        for (const row of due) {
          const next = await sendOne(row);
          await repo.updateSent(row.id, next);
          if (next.status === 'sent') counts.sent += 1;
          else if (next.status === 'none') counts.none += 1;
          else counts.failed += 1;
        }
      }
      const pending = await repo.countPending('webmention_sent');
      return said('webmention.sendDone', { ...counts, pending });
    },
  };
};

export type WebmentionSender = ReturnType<typeof createWebmentionSender>;
