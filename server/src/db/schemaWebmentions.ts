import type { Generated } from 'kysely';

export type ReceivedStatus = 'pending' | 'verified' | 'rejected' | 'gone' | 'failed';
export type MentionKind = 'reply' | 'like' | 'repost' | 'mention';

/** A Webmention received at our endpoint, and what its verification found (issue 29.4). */
export interface WebmentionReceivedTable {
  id: Generated<number>;
  key: string;
  source: string;
  target: string;
  source_host: string;
  target_type: string;
  target_id: number;
  status: ReceivedStatus;
  attempts: Generated<number>;
  next_check_at: number | null;
  error: string | null;
  kind: MentionKind | null;
  author_name: string | null;
  author_url: string | null;
  author_photo: string | null;
  content: string | null;
  received_at: number;
  checked_at: number | null;
}

export type SentStatus = 'pending' | 'sent' | 'none' | 'failed';

/** A Webmention we send (or sent) for one link of one essay. */
export interface WebmentionSentTable {
  id: Generated<number>;
  key: string;
  essay_id: number;
  target: string;
  removed: Generated<number>;
  status: SentStatus;
  attempts: Generated<number>;
  next_attempt_at: number | null;
  endpoint: string | null;
  status_code: number | null;
  error: string | null;
  sent_at: number | null;
  created_at: number;
}

/** The Webmention tables, part of `Database`. */
export interface WebmentionTables {
  webmention_received: WebmentionReceivedTable;
  webmention_sent: WebmentionSentTable;
}
