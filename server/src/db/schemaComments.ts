import type { Generated } from 'kysely';

/** Visitors' comments and the owner's replies (the comments module), with moderation (issue 25). */
export interface CommentTable {
  id: Generated<number>;
  /** `essay` or `article`. */
  target_type: string;
  target_id: number;
  parent_id: number | null;
  uuid: string;
  ip: string;
  guest_name: string;
  guest_email: string;
  content: string;
  is_owner: number;
  created_at: number;
  updated_at: number;
  /** The comment answered directly; `parent_id` is always the top-level one. */
  reply_to_id: Generated<number | null>;
  /** sha256 of the normalised content, for the duplicate checks. */
  content_hash: Generated<string>;
  /** 1: a top-level comment deleted while it had replies, kept as a placeholder. */
  deleted: Generated<number>;
  /** 1: the author ticked 有回复时邮件通知我 (and left an address). */
  notify_email: Generated<number>;
  /** `visible`, `held` (waiting for the owner's review) or `spam` (issue 25). */
  status: Generated<string>;
  /** Where it came from: `visitor` (the comment form), `fediverse` or `webmention`. */
  source: Generated<string>;
  /** A remote comment's id where it came from (ActivityPub object id, Webmention source URL). */
  remote_id: Generated<string | null>;
  /** The remote author's profile page. */
  author_url: Generated<string | null>;
  /** The remote author's avatar picture. */
  author_avatar: Generated<string | null>;
}

/** Proofs of work already accepted, by their challenge's signature (issue 25). */
export interface CommentProofSpentTable {
  signature: string;
  /** The challenge's expiry (ms): past it the proof is refused anyway and the row may go. */
  expires_at: number;
}

/** What one 标为垃圾 hid, so that 撤销 restores exactly that (issue 41.1). */
export interface CommentSpamMarkTable {
  /** The mark's undo token. */
  mark: string;
  comment_id: number;
  /** The status before the mark: `visible` or `held`. */
  previous_status: string;
  created_at: number;
}
