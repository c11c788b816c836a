import type { Db } from '../../db/index.ts';

/** Something the site received: a comment (a visitor's, a fediverse reply, a Webmention) or a reaction. */
export type ReceivedActivity =
  | {
      kind: 'comment';
      id: number;
      source: string;
      targetType: string;
      targetId: number;
      name: string;
      authorUrl: string | null;
      avatarUrl: string | null;
      content: string;
      held: boolean;
      createdAt: number;
    }
  | {
      kind: 'like' | 'repost';
      id: number;
      source: string;
      targetType: string;
      targetId: number;
      name: string;
      authorUrl: string;
      createdAt: number;
    };

/**
 * What the owner received, newest first, before a time (issue 42: the Mastodon API's
 * notifications). The owner's own comments and spam are left out; held ones are in, marked.
 */
export const createReceivedActivity = (db: Db) => ({
  async recent(before: number | undefined, limit: number): Promise<ReceivedActivity[]> {
    const comments = await db
      .selectFrom('comment')
      .select([
        'id',
        'source',
        'target_type',
        'target_id',
        'guest_name',
        'author_url',
        'author_avatar',
        'content',
        'status',
        'created_at',
      ])
      .where('is_owner', '=', 0)
      .where('deleted', '=', 0)
      .where('status', '!=', 'spam')
      .$if(before !== undefined, (q) => q.where('created_at', '<', before ?? 0))
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
    const reactions = await db
      .selectFrom('reaction')
      .selectAll()
      .$if(before !== undefined, (q) => q.where('created_at', '<', before ?? 0))
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
    const all: ReceivedActivity[] = [
      ...comments.map((row) => ({
        kind: 'comment' as const,
        id: row.id,
        source: row.source,
        targetType: row.target_type,
        targetId: row.target_id,
        name: row.guest_name,
        authorUrl: row.author_url,
        avatarUrl: row.author_avatar,
        content: row.content,
        held: row.status === 'held',
        createdAt: Number(row.created_at),
      })),
      ...reactions.map((row) => ({
        kind: row.kind === 'like' ? ('like' as const) : ('repost' as const),
        id: row.id,
        source: row.source,
        targetType: row.target_type,
        targetId: row.target_id,
        name: row.actor_name,
        authorUrl: row.actor_url,
        createdAt: Number(row.created_at),
      })),
    ];
    return all.sort((a, b) => b.createdAt - a.createdAt).slice(0, limit);
  },
});

export type ReceivedActivitySource = ReturnType<typeof createReceivedActivity>;
