import type { Logger } from 'pino';

/** Something the owner should hear about (DESIGN §9, issue 12's `notify(event)`). */
export interface NotifyEvent {
  kind: 'comment' | 'job-failure' | 'reservation-published' | 'login-new-device' | 'system';
  title: string;
  body: string;
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
    logger.info({ notice: event }, `notify: ${event.title}`);
  };
