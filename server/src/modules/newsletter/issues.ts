import { randomBytes } from 'node:crypto';
import type { Essay } from '@candy/contract/calls/essays';
import type { NewsletterIssue, NewsletterSettings } from '@candy/contract/calls/newsletter';
import type { Language } from '@candy/contract/languages';
import { notFound, providerFailed } from '../../http/errors.ts';
import { messageOf, said } from '../../i18n/said.ts';
import { openMailer } from '../../net/smtp.ts';
import { SEND_TIMEOUT_MS } from '../push/senders.ts';
import type { DeliveryCounts, DeliveryRepo, IssueRow } from './deliveryRepo.ts';
import { domainOf, essayMail, letterOf, subjectOf } from './mail.ts';
import type { Sender } from './sender.ts';
import type { NewsletterSettingsStore } from './settings.ts';

export interface IssueDeps {
  deliveries: DeliveryRepo;
  settings: NewsletterSettingsStore;
  sender: Pick<Sender, 'setup' | 'unsubscribeUrl'>;
  /** The essay with its pictures; `owner` reads hidden and reserved ones too (404 otherwise). */
  essay: (id: number, owner: boolean) => Promise<Essay>;
  siteTitle: string;
  /** The site's language (SITE_LANGUAGE): the mails' words and an untitled essay's subject. */
  language: Language;
  kick: () => void;
  now: () => number;
}

const none: DeliveryCounts = { sent: 0, failed: 0, pending: 0, skipped: 0 };

const present = (row: IssueRow, counts: DeliveryCounts | undefined): NewsletterIssue => ({
  essayId: row.essay_id,
  subject: row.subject,
  state: row.state,
  createdAt: Number(row.created_at),
  ...(counts ?? none),
});

/**
 * Each essay's mailing (issue 43): queued when an essay becomes visible (unless the owner holds
 * mailings or skipped this one beforehand), or when the owner asks; its delivery report.
 */
export const createIssues = (deps: IssueDeps) => {
  const { deliveries, now } = deps;

  const presented = async (essayId: number) => {
    const row = await deliveries.issue(essayId);
    if (!row) throw notFound(said('error.newsletter.noIssue'));
    return present(row, (await deliveries.counts()).get(essayId));
  };

  /** Makes the mailing row or changes its state (one row an essay, whoever comes first). */
  const upsert = async (essay: Essay, state: IssueRow['state']) => {
    const created = await deliveries.createIssue({
      essay_id: essay.id,
      state,
      subject: subjectOf(essay, deps.language),
      created_at: now(),
    });
    if (!created) await deliveries.setIssue(essay.id, { state, subject: subjectOf(essay, deps.language) });
  };

  return {
    /** An essay became visible (published, or its reservation came due): mailed once, never again. */
    async essayPublished(essay: Essay): Promise<void> {
      if (essay.hide || (await deliveries.issue(essay.id))) return;
      const { autoSend } = await deps.settings.read();
      if (
        !(await deliveries.createIssue({
          essay_id: essay.id,
          state: autoSend ? 'queued' : 'held',
          subject: subjectOf(essay, deps.language),
          created_at: now(),
        }))
      )
        return;
      if (!autoSend) return;
      await deliveries.queueConfirmed(essay.id, now());
      deps.kick();
    },

    /** The owner mails it: every confirmed subscriber who has not had it yet. */
    async send(id: number): Promise<NewsletterIssue> {
      const essay = await deps.essay(id, false).catch(() => {
        throw notFound(said('error.newsletter.notPublic'));
      });
      await upsert(essay, 'queued');
      await deliveries.queueConfirmed(id, now());
      deps.kick();
      return presented(id);
    },

    /** Never mail it; what is still pending is dropped. Works before a reservation comes due too. */
    async skip(id: number): Promise<NewsletterIssue> {
      await upsert(await deps.essay(id, true), 'skipped');
      await deliveries.skipPending(id);
      return presented(id);
    },

    async list(): Promise<NewsletterIssue[]> {
      const counts = await deliveries.counts();
      return (await deliveries.issues()).map((row) => present(row, counts.get(row.essay_id)));
    },

    /** The mail as a subscriber gets it (addressed to the owner's own address). */
    async preview(id: number) {
      const setup = await deps.sender.setup();
      const origin = setup?.channels.linkBase ?? 'https://example.com';
      const to = setup?.channels.email.to ?? 'reader@example.com';
      const mail = essayMail(
        await letterOf(await deps.essay(id, true), origin, deps.language),
        {
          from: setup?.channels.email.from ?? 'site@example.com',
          to,
          siteTitle: deps.siteTitle,
          language: deps.language,
        },
        { unsubscribe: await deps.sender.unsubscribeUrl(origin, to), messageId: '<preview@example.com>' },
      );
      return { subject: mail.subject, html: mail.html ?? '', text: mail.text };
    },

    /** Sends the mail to one address now, outside the queue and the rate. */
    async test(id: number, to: string | undefined): Promise<{ to: string }> {
      const setup = await deps.sender.setup();
      if (!setup) throw providerFailed(said('error.newsletter.noMail'));
      const { email, linkBase, outbound } = setup.channels;
      const address = to ?? email.to;
      const mail = essayMail(
        await letterOf(await deps.essay(id, true), linkBase, deps.language),
        { from: email.from, to: address, siteTitle: deps.siteTitle, language: deps.language },
        {
          unsubscribe: await deps.sender.unsubscribeUrl(linkBase, address),
          messageId: `<test-${randomBytes(8).toString('hex')}@${domainOf(email.from)}>`,
          test: true,
        },
      );
      const mailer = await openMailer(outbound, email, SEND_TIMEOUT_MS, setup.dkim);
      try {
        await mailer.send(mail);
      } catch (error) {
        throw providerFailed(said('error.newsletter.testFailed', { reason: messageOf(error) }));
      } finally {
        mailer.close();
      }
      return { to: address };
    },

    settings: () => deps.settings.read(),
    saveSettings: (settings: NewsletterSettings) => deps.settings.write(settings),
  };
};

export type Issues = ReturnType<typeof createIssues>;
