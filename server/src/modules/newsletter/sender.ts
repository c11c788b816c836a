import type { Essay } from '@candy/contract/calls/essays';
import type { Language } from '@candy/contract/languages';
import type { Logger } from 'pino';
import { type Message, messageOf, said, sayIn } from '../../i18n/said.ts';
import {
  type DkimKeys,
  isHardRecipientFailure,
  type Mailer,
  openMailer,
  type SmtpMail,
} from '../../net/smtp.ts';
import { SEND_TIMEOUT_MS } from '../push/senders.ts';
import type { VisitorChannels } from '../push/service.ts';
import type { DeliveryRepo } from './deliveryRepo.ts';
import { CONFIRM_TTL_MS, type LinkSigner, newToken } from './links.ts';
import { confirmationMail, domainOf, type EssayLetter, essayMail, letterOf } from './mail.ts';
import type { SubscriberRepo } from './repo.ts';
import type { NewsletterSettingsStore } from './settings.ts';

/** A claim older than this was made by a run that died mid-send: the delivery is due again. */
export const STALE_CLAIM_MS = 5 * 60_000;
/** Waits before the 2nd and 3rd attempt of a delivery the server put off (4xx); then it failed. */
const RETRY_DELAYS_MS = [5 * 60_000, 60 * 60_000];
const WINDOW_MS = 60_000;

export interface SenderDeps {
  subscribers: SubscriberRepo;
  deliveries: DeliveryRepo;
  links: LinkSigner;
  settings: NewsletterSettingsStore;
  channels: () => Promise<VisitorChannels>;
  /** The essay as visitors see it now (with its pictures), or null when it is gone or hidden. */
  essay: (id: number) => Promise<Essay | null>;
  siteTitle: string;
  /** The site's language (SITE_LANGUAGE): the mails' words and the job's report. */
  language: Language;
  apiBasePath: string;
  dkim: { selector: string; privateKey: string; domain: string | null } | null;
  logger: Logger;
  now: () => number;
}

/** Where the mails come from and where their links point, or null when mail is not set up. */
export interface MailSetup {
  channels: VisitorChannels & { email: NonNullable<VisitorChannels['email']>; linkBase: string };
  dkim: DkimKeys | undefined;
}

/** What the SMTP server said about one recipient; a connection that failed says nothing of it. */
const isAboutRecipient = (error: unknown) =>
  typeof (error as { responseCode?: unknown } | null)?.responseCode === 'number';

/**
 * The `newsletter-send` job (issue 43): confirmation mails first, then essay deliveries, at most the
 * owner's rate a minute (counted in the database over the last minute, so a kick right after a
 * scheduled run does not double it). Each delivery is claimed by a conditional update just before
 * its mail goes, so a second replica or a restarted run never sends a claimed one; a refused
 * recipient (5xx) is marked and the run goes on with the next.
 */
export const createSender = (deps: SenderDeps) => {
  const { subscribers, deliveries, logger, now } = deps;
  let stopped = false;

  const setup = async (): Promise<MailSetup | null> => {
    const channels = await deps.channels();
    if (!channels.email || !channels.linkBase) return null;
    const { email, linkBase } = channels;
    const dkim = deps.dkim
      ? {
          domainName: deps.dkim.domain ?? domainOf(email.from),
          keySelector: deps.dkim.selector,
          privateKey: deps.dkim.privateKey,
        }
      : undefined;
    return { channels: { ...channels, email, linkBase }, dkim };
  };

  const unsubscribeUrl = async (base: string, email: string) =>
    `${base}${deps.apiBasePath}/blog/newsletter/unsubscribe?${await deps.links.unsubscribeQuery(email)}`;

  const open = (mail: MailSetup): Promise<Mailer> =>
    openMailer(mail.channels.outbound, mail.channels.email, SEND_TIMEOUT_MS, mail.dkim);

  const sendConfirmations = async (mail: MailSetup, mailer: () => Promise<Mailer>, budget: number) => {
    let sent = 0;
    for (const row of await subscribers.owedConfirmations(budget)) {
      if (stopped) break;
      const { token, hash } = newToken();
      if (!(await subscribers.claimConfirmation(row, { hash, expires: now() + CONFIRM_TTL_MS }, now())))
        continue;
      const url = `${mail.channels.linkBase}${deps.apiBasePath}/blog/newsletter/confirm?token=${token}`;
      try {
        await (await mailer()).send(
          confirmationMail(
            {
              from: mail.channels.email.from,
              to: row.email,
              siteTitle: deps.siteTitle,
              language: deps.language,
            },
            url,
          ),
        );
        sent += 1;
      } catch (error) {
        // Not retried: the reader may subscribe again after an hour.
        if (isHardRecipientFailure(error))
          await subscribers.markBounced(row.id, sayIn(deps.language, messageOf(error)));
        logger.warn({ err: error, subscriber: row.id }, 'newsletter: confirmation mail failed');
        if (!isAboutRecipient(error)) throw error;
      }
    }
    return sent;
  };

  const sendEssays = async (
    mail: MailSetup,
    mailer: () => Promise<Mailer>,
    budget: number,
    deadline: number,
  ) => {
    const counts = { sent: 0, failed: 0, skipped: 0 };
    const letters = new Map<number, EssayLetter | null>();
    const letterFor = async (essayId: number) => {
      if (!letters.has(essayId)) {
        const essay = await deps.essay(essayId);
        letters.set(essayId, essay ? await letterOf(essay, mail.channels.linkBase, deps.language) : null);
      }
      return letters.get(essayId) ?? null;
    };
    let left = budget;
    while (left > 0 && !stopped && Date.now() < deadline) {
      const due = await deliveries.due(now(), now() - STALE_CLAIM_MS, Math.min(left, 50));
      if (due.length === 0) break;
      for (const row of due) {
        if (left <= 0 || stopped || Date.now() >= deadline) break;
        if (!(await deliveries.claim(row, now()))) continue;
        const letter = await letterFor(row.essay_id);
        // Removed, unsubscribed or refused since it was queued, or the essay is hidden now: never sent.
        if (row.email === null || row.subscriber_status !== 'confirmed' || letter === null) {
          await deliveries.finish(row.id, 'skipped', now());
          counts.skipped += 1;
          continue;
        }
        const message: SmtpMail = essayMail(
          letter,
          {
            from: mail.channels.email.from,
            to: row.email,
            siteTitle: deps.siteTitle,
            language: deps.language,
          },
          {
            unsubscribe: await unsubscribeUrl(mail.channels.linkBase, row.email),
            messageId: `<essay-${row.essay_id}.${row.subscriber_id}@${domainOf(mail.channels.email.from)}>`,
          },
        );
        left -= 1;
        try {
          await (await mailer()).send(message);
          await deliveries.finish(row.id, 'sent', now());
          counts.sent += 1;
        } catch (error) {
          const text = sayIn(deps.language, messageOf(error));
          const delay = RETRY_DELAYS_MS[row.attempts];
          if (isHardRecipientFailure(error)) {
            await subscribers.markBounced(row.subscriber_id, text);
            await deliveries.finish(row.id, 'failed', now(), text);
            counts.failed += 1;
          } else if (delay === undefined) {
            await deliveries.finish(row.id, 'failed', now(), text);
            counts.failed += 1;
          } else {
            await deliveries.retryLater(row.id, row.attempts + 1, now() + delay, text);
          }
          logger.warn({ err: error, delivery: row.id }, 'newsletter: delivery failed');
          // The server is unreachable: the rest would fail alike; the next run tries again.
          if (!isAboutRecipient(error)) throw error;
        }
      }
    }
    return counts;
  };

  return {
    setup,
    unsubscribeUrl,
    /** Ends a run after the mail in flight (the server is closing). */
    stop(): void {
      stopped = true;
    },

    /** One run of the job: answers its report line. */
    async run(deadline: number): Promise<Message> {
      const mail = await setup();
      if (!mail) return said('newsletter.jobNoMail');
      const { ratePerMinute } = await deps.settings.read();
      const since = now() - WINDOW_MS;
      const budget =
        ratePerMinute - (await deliveries.sentSince(since)) - (await subscribers.confirmationsSince(since));
      if (budget <= 0) return said('newsletter.jobRateSpent', { ratePerMinute });
      let mailer: Mailer | undefined;
      const lazyMailer = async () => {
        mailer ??= await open(mail);
        return mailer;
      };
      try {
        const confirmations = await sendConfirmations(mail, lazyMailer, budget);
        const counts = await sendEssays(mail, lazyMailer, budget - confirmations, deadline);
        await deliveries.finishIssues();
        return said('newsletter.jobDone', { confirmations, ...counts });
      } finally {
        mailer?.close();
      }
    },
  };
};

export type Sender = ReturnType<typeof createSender>;
