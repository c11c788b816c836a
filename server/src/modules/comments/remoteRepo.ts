import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { likePrefix } from './reactionRepo.ts';
import type { CommentRow } from './repo.ts';

/** The comments module's queries on comments from elsewhere, found by their remote id (issue 29). */
export const createRemoteCommentRepo = (db: Db) => ({
  findByRemoteId: (remoteId: string): Promise<CommentRow | undefined> =>
    db.selectFrom('comment').selectAll().where('remote_id', '=', remoteId).executeTakeFirst(),

  async updateContent(id: number, fields: { content: string; contentHash: string; at: number }) {
    await db
      .updateTable('comment')
      .set({ content: fields.content, content_hash: fields.contentHash, updated_at: fields.at })
      .where('id', '=', id)
      .execute();
  },

  /** The remote comments by the authors whose profile address starts with `prefix` (a block). */
  byAuthorPrefix: (prefix: string): Promise<CommentRow[]> =>
    db
      .selectFrom('comment')
      .selectAll()
      .where('remote_id', 'is not', null)
      // A deleted thread head kept for the replies under it is theirs no more.
      .where('deleted', '=', 0)
      .where((eb) => sql<boolean>`${eb.ref('author_url')} like ${likePrefix(prefix)} escape '\\'`)
      .execute(),
});

export type RemoteCommentRepo = ReturnType<typeof createRemoteCommentRepo>;
