import { sourceLanguage } from '@candy/contract/languages';
import type { Logger } from 'pino';
import { type Message, sayIn } from './i18n/said.ts';

/** Something the owner should hear about (DESIGN §9, issue 12's `notify(event)`). */
export interface NotifyEvent {
  kind: 'comment' | 'job-failure' | 'reservation-published' | 'login-new-device' | 'system';
  /** Said in the site's language (SITE_LANGUAGE) by the push channels: keyed, or plain content. */
  title: Message;
  body: Message;
  /** Where the owner can look (a site path or URL). */
  url?: string;
  level?: 'info' | 'warning' | 'error';
}

/** Tells the owner; never throws (a failed notice must not fail the work that caused it). */
export type Notify = (event: NotifyEvent) => Promise<void>;

/** A notice as a log line: the base context's `notify`, which the push module's replaces (modules/index.ts). */
export const logNotify =
  (logger: Logger): Notify =>
  async (event) => {
    const title = sayIn(sourceLanguage, event.title);
    logger.info({ notice: { ...event, title, body: sayIn(sourceLanguage, event.body) } }, `notify: ${title}`);
  };
