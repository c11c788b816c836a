import { createHash } from 'node:crypto';
import type {
  NewsletterSubscribeBody,
  NewsletterUnsubscribeQuery,
  Subscriber,
  SubscriberPage,
} from '@candy/contract/calls/newsletter';
import * as z from 'zod';
import type { Caller } from '../../http/context.ts';
import { notFound, providerFailed } from '../../http/errors.ts';
import type { RateLimiter } from '../../http/rateLimit.ts';
import { said } from '../../i18n/said.ts';
import type { Proof } from '../comments/proof.ts';
import { addressesOfCsv, csvOf } from './csv.ts';
import { type LinkSigner, normalEmail, tokenHash } from './links.ts';
import type { SubscriberRepo, SubscriberRow } from './repo.ts';

/** One confirmation mail an hour at most per address, however often it is subscribed. */
export const CONFIRM_INTERVAL_MS = 3600_000;
const HOUR = 3600_000;
const PAGE_SIZE = 50;

export interface SubscriptionDeps {
  subscribers: SubscriberRepo;
  links: LinkSigner;
  proof: Pick<Proof, 'spend'>;
  rateLimiter: RateLimiter;
  /** Whether mail is set up (an SMTP server and the site's address). */
  open: () => Promise<boolean>;
  /** Starts the sending job (the confirmation mail goes off the request). */
  kick: () => void;
  now: () => number;
}

export const presentSubscriber = (row: SubscriberRow): Subscriber => ({
  id: row.id,
  email: row.email,
  status: row.status,
  source: row.source,
  createdAt: Number(row.created_at),
  confirmedAt: row.confirmed_at === null ? null : Number(row.confirmed_at),
  unsubscribedAt: row.unsubscribed_at === null ? null : Number(row.unsubscribed_at),
  lastError: row.last_error,
});

const iso = (ms: number | null) => (ms === null ? '' : new Date(Number(ms)).toISOString());
const isEmail = (text: string) => z.email().max(254).safeParse(text).success;

/**
 * Subscribing (issue 43): double opt-in, answered alike whether or not the address is known (the
 * request only writes a row; the job sends the mail, so neither the answer nor its time tells), and
 * the owner's list.
 */
export const createSubscriptions = (deps: SubscriptionDeps) => {
  const { subscribers, now } = deps;

  /** The request's effect on a known address: a confirmation owed again, or nothing. */
  const resubscribe = async (row: SubscriberRow) => {
    if (row.status !== 'pending' && row.status !== 'unsubscribed') return;
    if (row.confirm_wanted_at !== null) return;
    if (row.confirm_sent_at !== null && Number(row.confirm_sent_at) > now() - CONFIRM_INTERVAL_MS) return;
    await subscribers.wantConfirmation(row.id, now());
  };

  return {
    async subscribe(body: NewsletterSubscribeBody, caller: Caller): Promise<{ accepted: true }> {
      if (!(await deps.open())) throw providerFailed(said('error.newsletter.closed'));
      await deps.rateLimiter.hit(
        [`newsletter:ip:${caller.ip}`],
        [
          { limit: 5, windowMs: HOUR },
          { limit: 20, windowMs: 24 * HOUR },
        ],
        said('error.newsletter.tooOften'),
      );
      await deps.proof.spend(body.proof);
      const email = normalEmail(body.email);
      // Hashed: the bucket names of the rate limits are not a second list of addresses.
      const bucket = `newsletter:email:${createHash('sha256').update(email).digest('hex').slice(0, 32)}`;
      await deps.rateLimiter.hit([bucket], [{ limit: 3, windowMs: HOUR }], said('error.newsletter.tooOften'));
      const row = await subscribers.findByEmail(email);
      if (row) await resubscribe(row);
      else
        await subscribers.insert({
          email,
          status: 'pending',
          source: 'form',
          confirm_wanted_at: now(),
          confirmed_at: null,
          created_at: now(),
        });
      deps.kick();
      return { accepted: true };
    },

    /** What a confirmation link stands for: its address and whether it is confirmed, or null. */
    async confirmState(token: string): Promise<{ email: string; done: boolean } | null> {
      const row = await subscribers.findByToken(tokenHash(token), now());
      if (!row || (row.status !== 'pending' && row.status !== 'confirmed')) return null;
      return { email: row.email, done: row.status === 'confirmed' };
    },

    async confirm(token: string): Promise<{ email: string; confirmed: true }> {
      const row = await subscribers.findByToken(tokenHash(token), now());
      if (!row || (row.status !== 'pending' && row.status !== 'confirmed'))
        throw notFound(said('error.newsletter.confirmInvalid'));
      if (row.status === 'pending') await subscribers.confirm(row.id, now());
      return { email: row.email, confirmed: true };
    },

    checkUnsubscribe: (query: NewsletterUnsubscribeQuery) => deps.links.verified(query),

    async unsubscribe(query: NewsletterUnsubscribeQuery): Promise<{ unsubscribed: true }> {
      await subscribers.unsubscribe(await deps.links.verified(query), now());
      return { unsubscribed: true };
    },

    async page(query: Parameters<SubscriberRepo['page']>[0]): Promise<SubscriberPage> {
      const rows = await subscribers.page(query, PAGE_SIZE + 1);
      const counts = await subscribers.counts();
      const total = counts.pending + counts.confirmed + counts.unsubscribed + counts.bounced;
      return {
        list: rows.slice(0, PAGE_SIZE).map(presentSubscriber),
        hasMore: rows.length > PAGE_SIZE,
        counts: { total, ...counts },
      };
    },

    async remove(id: number): Promise<{ id: number }> {
      if (!(await subscribers.remove(id))) throw notFound(said('error.newsletter.subscriberNotFound'));
      return { id };
    },

    async exportCsv(): Promise<{ filename: string; csv: string }> {
      const rows = await subscribers.all();
      const csv = csvOf(
        ['email', 'status', 'source', 'created_at', 'confirmed_at', 'unsubscribed_at'],
        rows.map((r) => [
          r.email,
          r.status,
          r.source,
          iso(r.created_at),
          iso(r.confirmed_at),
          iso(r.unsubscribed_at),
        ]),
      );
      return { filename: `subscribers-${new Date(now()).toISOString().slice(0, 10)}.csv`, csv };
    },

    /**
     * Adds the CSV's addresses: confirmed when the owner says they agreed elsewhere, else pending
     * with a confirmation mail owed (sent by the job at the owner's rate). Known addresses stay as
     * they are: an import never re-subscribes someone who left.
     */
    async importCsv(csv: string, consented: boolean) {
      const result = { added: 0, known: 0, invalid: 0 };
      const seen = new Set<string>();
      for (const raw of addressesOfCsv(csv)) {
        const email = normalEmail(raw);
        if (!isEmail(email)) {
          result.invalid += 1;
          continue;
        }
        if (seen.has(email)) continue;
        seen.add(email);
        const added = await subscribers.insert({
          email,
          status: consented ? 'confirmed' : 'pending',
          source: 'import',
          confirm_wanted_at: consented ? null : now(),
          confirmed_at: consented ? now() : null,
          created_at: now(),
        });
        result[added ? 'added' : 'known'] += 1;
      }
      if (!consented && result.added > 0) deps.kick();
      return result;
    },
  };
};

export type Subscriptions = ReturnType<typeof createSubscriptions>;
