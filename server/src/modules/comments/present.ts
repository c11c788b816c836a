import { createHmac } from 'node:crypto';
import { type CommentReply, CommentSource } from '@candy/contract/calls/comments';
import type { CommentRow } from './repo.ts';

const sourceOf = (source: string): CommentSource => {
  const parsed = CommentSource.safeParse(source);
  return parsed.success ? parsed.data : 'visitor';
};

export interface Viewer {
  uuid: string | undefined;
  owner: boolean;
}

/**
 * A stable seed for a locally drawn identicon: the same email (or, without one, the same device)
 * draws the same picture. Keyed with a site secret so the seed cannot be matched against a guessed
 * email the way unsalted avatar hashes can.
 */
export const avatarSeedOf = (row: Pick<CommentRow, 'guest_email' | 'uuid'>, key: string): string =>
  createHmac('sha256', key)
    .update(row.guest_email ? `email:${row.guest_email.trim().toLowerCase()}` : `uuid:${row.uuid}`)
    .digest('hex')
    .slice(0, 16);

/**
 * What a caller may see of a comment: never the uuid, IP or email. `mine` tells the caller whether it
 * may change this comment as its author.
 */
export const presentComment = (
  row: CommentRow,
  viewer: Viewer,
  avatarKey: string,
  nameOf: (id: number) => string | undefined = () => undefined,
): CommentReply => {
  const deleted = row.deleted === 1;
  const byViewer =
    (viewer.uuid !== undefined && row.uuid === viewer.uuid && row.is_owner === 0) ||
    (viewer.owner && row.is_owner === 1);
  return {
    id: row.id,
    parentId: row.parent_id,
    replyToId: row.reply_to_id,
    replyToName: row.reply_to_id === null ? null : (nameOf(row.reply_to_id) ?? null),
    name: row.guest_name,
    content: row.content,
    isOwner: row.is_owner === 1,
    mine: byViewer && !deleted,
    avatarSeed: deleted ? '' : avatarSeedOf(row, avatarKey),
    deleted,
    // The author is never told a comment was marked as spam: to them it is waiting like any other.
    held: row.status !== 'visible',
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    source: sourceOf(row.source),
    authorUrl: deleted ? null : row.author_url,
    avatarUrl: deleted ? null : row.author_avatar,
  };
};
