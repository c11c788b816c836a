import type { Generated } from 'kysely';

/** A reader who asked for new essays by mail (issue 43). */
export interface NewsletterSubscriberTable {
  id: Generated<number>;
  email: string;
  status: 'pending' | 'confirmed' | 'unsubscribed' | 'bounced';
  source: 'form' | 'import';
  token_hash: string | null;
  token_expires: number | null;
  confirm_wanted_at: number | null;
  confirm_sent_at: number | null;
  confirmed_at: number | null;
  unsubscribed_at: number | null;
  last_error: string | null;
  created_at: number;
}

/** One essay's mailing. */
export interface NewsletterIssueTable {
  essay_id: number;
  state: 'held' | 'queued' | 'done' | 'skipped';
  subject: string;
  created_at: number;
}

/** One essay to one subscriber, at most once (unique). */
export interface NewsletterDeliveryTable {
  id: Generated<number>;
  essay_id: number;
  subscriber_id: number;
  status: 'pending' | 'sending' | 'sent' | 'failed' | 'skipped';
  attempts: Generated<number>;
  not_before: number;
  claimed_at: number | null;
  sent_at: number | null;
  error: string | null;
}

/** The newsletter's tables, part of `Database`. */
export interface NewsletterTables {
  newsletter_subscriber: NewsletterSubscriberTable;
  newsletter_issue: NewsletterIssueTable;
  newsletter_delivery: NewsletterDeliveryTable;
}
