import type { Language } from '@candy/contract/languages';
import type { Logger } from 'pino';
import { type Message, messageOf, said, sayIn } from '../../../i18n/said.ts';
import { serverText } from '../../../i18n/serverText.ts';
import type { VisitorChannels } from '../../push/service.ts';
import type { CommentRepo, CommentRow } from '../repo.ts';
import { sendReplyMail } from './replyMail.ts';
import type { ReplyNoticeRow, ReplyRepo } from './repo.ts';
import { normalEmail, type Unsubscribe } from './unsubscribe.ts';
import type { VisitorPush } from './visitorPush.ts';

/** One mail per address per thread in this long. */
export const MAIL_INTERVAL_MS = 3600_000;
/** Waits before the 2nd, 3rd … attempt of a notice that failed; after the last it is given up. */
const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000];
const BATCH = 20;

export interface ReplyNoticeDeps {
  repo: ReplyRepo;
  comments: Pick<CommentRepo, 'findById'>;
  push: VisitorPush;
  unsubscribe: Unsubscribe;
  channels: () => Promise<VisitorChannels>;
  siteTitle: string;
  /** The site's language (SITE_LANGUAGE): notices and mails are written in it. */
  language: Language;
  apiBasePath: string;
  logger: Logger;
  now: () => number;
}

/** Where a comment stands on the public site, with the reply's anchor (the page scrolls to it). */
export const replyPath = (reply: Pick<CommentRow, 'id' | 'target_type' | 'target_id'>): string =>
  `${reply.target_type === 'essay' ? `/chaos/${reply.target_id}` : '/about'}#comment-${reply.id}`;

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

/**
 * Replies reach the visitor (issue 25.3): a reply is queued when it is written and announced here, off
 * the request, by the `reply-notices` job — Web Push to the browsers of the answered comment's device,
 * and a mail when its author asked for one. Each channel is marked done on its own; a failure waits
 * and is retried by a later run.
 */
export const createReplyNotices = (deps: ReplyNoticeDeps) => {
  const { repo, comments, push, unsubscribe, logger, now } = deps;
  let kick: () => Promise<unknown> = async () => {};

  /** Who the reply answers, or null when nobody is to be told (gone, the owner's, or oneself). */
  const answeredBy = async (reply: CommentRow): Promise<CommentRow | null> => {
    const answeredId = reply.reply_to_id ?? reply.parent_id;
    // A reply held for review (or marked as spam since) tells nobody.
    if (answeredId === null || reply.deleted === 1 || reply.status !== 'visible') return null;
    const answered = await comments.findById(answeredId);
    // The owner hears of replies through the owner's own channels (a new comment notice).
    if (!answered || answered.deleted === 1 || answered.is_owner === 1) return null;
    if (reply.uuid !== '' && reply.uuid === answered.uuid) return null;
    return answered;
  };

  const mailTo = (reply: CommentRow, answered: CommentRow): string | null => {
    if (answered.notify_email !== 1 || !answered.guest_email) return null;
    const to = normalEmail(answered.guest_email);
    if (reply.guest_email && normalEmail(reply.guest_email) === to) return null;
    return to;
  };

  const announce = async (notice: ReplyNoticeRow, reply: CommentRow, answered: CommentRow) => {
    const channels = await deps.channels();
    const path = replyPath(reply);
    const url = channels.linkBase ? `${channels.linkBase}${path}` : path;
    const say = (key: string, values?: Record<string, unknown>) => serverText(deps.language, key, values);
    const who = reply.is_owner === 1 ? say('replies.owner') : reply.guest_name || say('replies.someone');
    const done = { push: notice.push_done === 1, mail: notice.mail_done === 1 };
    try {
      if (!done.push) {
        await push.sendTo(answered.uuid, {
          title: say('replies.pushTitle', { who }),
          body: clip(reply.content, 140),
          url,
        });
        done.push = true;
      }
      const to = mailTo(reply, answered);
      if (!done.mail && to && channels.email && !(await repo.hasOptedOut(to))) {
        const at = now();
        const thread = reply.parent_id ?? answered.id;
        if (await repo.claimMailSlot(to, thread, at, at - MAIL_INTERVAL_MS)) {
          const link = `${channels.linkBase ?? ''}${deps.apiBasePath}/blog/comment/unsubscribe?${await unsubscribe.query(to)}`;
          try {
            await sendReplyMail(
              channels.outbound,
              channels.email,
              {
                to,
                subject: say('replies.mailSubject', { site: deps.siteTitle, who }),
                text: say('replies.mailText', {
                  who,
                  site: deps.siteTitle,
                  reply: reply.content,
                  yours: clip(answered.content, 200),
                  url,
                }),
                unsubscribeUrl: link,
              },
              deps.language,
            );
          } catch (error) {
            await repo.releaseMailSlot(to, thread, at);
            throw error;
          }
        }
      }
      done.mail = true;
    } finally {
      await repo.markChannels(notice.id, done);
    }
  };

  const work = async (notice: ReplyNoticeRow): Promise<'sent' | 'skipped' | 'failed'> => {
    const reply = await comments.findById(notice.comment_id);
    const answered = reply ? await answeredBy(reply) : null;
    if (!reply || !answered) {
      await repo.finish(notice.id);
      return 'skipped';
    }
    try {
      await announce(notice, reply, answered);
      await repo.finish(notice.id);
      return 'sent';
    } catch (error) {
      const attempts = notice.attempts + 1;
      const delay = RETRY_DELAYS_MS[attempts - 1];
      const message = sayIn(deps.language, messageOf(error));
      if (delay === undefined) {
        logger.error({ err: error, commentId: reply.id }, 'reply notice given up');
        await repo.finish(notice.id);
      } else {
        logger.warn({ err: error, commentId: reply.id, attempts }, 'reply notice failed; retried later');
        await repo.retryLater(notice.id, attempts, now() + delay, message);
      }
      return 'failed';
    }
  };

  return {
    /** The query of an address's signed unsubscribe link (tests and the API document's probe). */
    unsubscribeQuery: (email: string): Promise<string> => unsubscribe.query(email),

    /** The job's runner, attached once the scheduler exists; a notice is announced right away. */
    attachRunner(run: () => Promise<unknown>): void {
      kick = run;
    },

    /** Queues a new reply; called by the comments service after the reply is stored. */
    async enqueue(reply: CommentRow): Promise<void> {
      if (reply.parent_id === null) return;
      await repo.enqueue(reply.id, now());
      void kick().catch((error: unknown) => logger.warn({ err: error }, 'reply-notices job not started'));
    },

    /** The `reply-notices` job: works through what is due until none is left or time is up. */
    async run(deadline: number): Promise<Message> {
      const counts = { sent: 0, skipped: 0, failed: 0 };
      while (Date.now() < deadline) {
        const due = await repo.due(now(), BATCH);
        if (due.length === 0) break;
        for (const notice of due) counts[await work(notice)] += 1;
      }
      const pending = await repo.countPending();
      return said('replies.jobDone', { ...counts, pending });
    },
  };
};

export type ReplyNotices = ReturnType<typeof createReplyNotices>;
