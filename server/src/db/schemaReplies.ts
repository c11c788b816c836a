import type { Generated } from 'kysely';

/** A browser that receives Web Push for replies to the comments of one device (issue 25.3). */
export interface VisitorPushSubscriptionTable {
  endpoint: string;
  uuid: string;
  p256dh: string;
  auth: string;
  created_at: number;
}

/** A reply waiting to be announced; each channel is marked done on its own so a retry never repeats one. */
export interface ReplyNoticeTable {
  id: Generated<number>;
  comment_id: number;
  push_done: Generated<number>;
  mail_done: Generated<number>;
  attempts: Generated<number>;
  run_after: number;
  last_error: string | null;
  created_at: number;
}

/** When an address last had a reply mail about a thread (one an hour). */
export interface ReplyMailSentTable {
  email: string;
  thread_id: number;
  sent_at: number;
}

/** An address that asked for no more reply mails. */
export interface ReplyMailOptoutTable {
  email: string;
  created_at: number;
}

/** The reply notices’ tables (issue 25), part of `Database`. */
export interface ReplyTables {
  visitor_push_subscription: VisitorPushSubscriptionTable;
  reply_notice: ReplyNoticeTable;
  reply_mail_sent: ReplyMailSentTable;
  reply_mail_optout: ReplyMailOptoutTable;
}
