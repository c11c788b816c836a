import type { Generated } from 'kysely';

/** A like or a repost from elsewhere (a fediverse Like / Announce, a Webmention), issue 29. */
export interface ReactionTable {
  id: Generated<number>;
  /** `essay`, `moment` or `article`. */
  target_type: string;
  target_id: number;
  kind: 'like' | 'repost';
  source: 'fediverse' | 'webmention';
  /** The activity id or the Webmention source URL: one row per remote reaction. */
  remote_id: string;
  actor_url: string;
  actor_name: string;
  created_at: number;
}

/** The reactions' table, part of `Database`. */
export interface ReactionTables {
  reaction: ReactionTable;
}
