import { essayPath } from '@candy/contract/sitePaths';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { contentHashOf } from '../comments/antiSpam.ts';
import { normaliseOldPath } from './oldPaths.ts';
import type { ImportRepo } from './repo.ts';
import { type ImportReport, noteUnmatched } from './report.ts';
import type { ImportedComment, ImportedPost } from './types.ts';

/**
 * The rows one imported item becomes, written inside its batch's transaction together with the
 * source-id map and the cursor, so a batch is all there or not at all. Essays and comments are plain
 * rows here (no event, no notification: an import announces nothing); the search index follows by
 * its triggers, and each essay gets an `import` revision.
 */

export interface PostWork {
  post: ImportedPost;
  /** Content with its pictures rewritten; null when the item exists and is left alone. */
  content: string | null;
  existingId: number | null;
  /** Where its old paths lead: the essay, or `/about` for the about page the import replaced. */
  targetPath?: string;
}

export const writePost = async (
  trx: Kysely<Database>,
  repo: ImportRepo,
  work: PostWork,
  ctx: { platform: string; now: number; report: ImportReport },
): Promise<void> => {
  const { post } = work;
  let id = work.existingId;
  if (work.content === null) {
    ctx.report.skipped += 1;
  } else {
    // A post dated in the future that is not a reservation is simply published at its date.
    const reservation = post.scheduled && post.publishedAt > ctx.now ? post.publishedAt : null;
    const row = {
      content: work.content,
      // The about page is only replaced with "overwrite"; otherwise it waits, hidden, as an essay.
      hide: post.hidden || post.kind === 'about' ? 1 : 0,
      reservation,
      created_at: post.publishedAt || ctx.now,
      updated_at: post.updatedAt ?? post.publishedAt ?? ctx.now,
      announced_at: reservation === null ? ctx.now : null,
    };
    if (id === null) {
      id = (await trx.insertInto('essay').values(row).returning('id').executeTakeFirstOrThrow()).id;
      await repo.insertItem({
        platform: ctx.platform,
        kind: 'post',
        source_id: post.sourceId,
        target_type: 'essay',
        target_id: id,
        target_ref: null,
        created_at: ctx.now,
      });
      ctx.report.created += 1;
    } else {
      await trx.updateTable('essay').set(row).where('id', '=', id).execute();
      ctx.report.updated += 1;
    }
    await trx
      .insertInto('revision')
      .values({
        target_type: 'essay',
        target_id: id,
        content: row.content,
        author: 'import',
        created_at: ctx.now,
      })
      .execute();
  }
  if (id === null) return;
  for (const raw of post.oldPaths) {
    const oldPath = normaliseOldPath(raw);
    if (!oldPath || oldPath === '/') continue;
    const added = await repo.addRedirect({
      old_path: oldPath,
      target_path: work.targetPath ?? essayPath(id),
      platform: ctx.platform,
      source_id: post.sourceId,
      created_at: ctx.now,
    });
    if (added) ctx.report.redirects += 1;
  }
};

/** Parents before their replies, so every reply finds its parent's new id. */
export const threadOrder = (comments: readonly ImportedComment[]): ImportedComment[] => {
  const byId = new Map(comments.map((c) => [c.sourceId, c]));
  const depth = (c: ImportedComment, seen = new Set<string>()): number => {
    const parent = c.parentSourceId ? byId.get(c.parentSourceId) : undefined;
    if (!parent || seen.has(c.sourceId)) return 0;
    seen.add(c.sourceId);
    return 1 + depth(parent, seen);
  };
  return comments
    .map((c, index) => ({ c, index, depth: depth(c) }))
    .sort((a, b) => a.depth - b.depth || a.index - b.index)
    .map(({ c }) => c);
};

/**
 * The essay an old address leads to, whichever import made it: comment-only exports (Waline, Disqus…)
 * name their post by URL, and the post may have come from another platform's import.
 */
const essayAt = async (
  repo: ImportRepo,
  url: string | undefined,
): Promise<{ target_id: number } | undefined> => {
  const oldPath = url ? normaliseOldPath(url) : null;
  const target = oldPath ? (await repo.findRedirect(oldPath))?.target_path : undefined;
  const id = /^\/chaos\/(\d+)$/.exec(target ?? '')?.[1];
  return id ? { target_id: Number(id) } : undefined;
};

export const writeComment = async (
  trx: Kysely<Database>,
  repo: ImportRepo,
  comment: ImportedComment,
  ctx: { platform: string; now: number; report: ImportReport; overwrite: boolean },
): Promise<void> => {
  const existing = await repo.findItem(ctx.platform, 'comment', comment.sourceId);
  const post = comment.postSourceId
    ? await repo.findItem(ctx.platform, 'post', comment.postSourceId)
    : await essayAt(repo, comment.postUrl);
  if (!post) {
    // Its post was not imported (or a comment export's address matches none): listed, never dropped silently.
    noteUnmatched(ctx.report, {
      sourceId: comment.sourceId,
      author: comment.author.slice(0, 64),
      postUrl: (comment.postUrl ?? `#${comment.postSourceId ?? ''}`).slice(0, 500),
    });
    return;
  }
  if (existing && !ctx.overwrite) {
    ctx.report.skipped += 1;
    return;
  }
  const parent = comment.parentSourceId
    ? await repo.findItem(ctx.platform, 'comment', comment.parentSourceId)
    : undefined;
  let parentId: number | null = null;
  if (parent) {
    // Our threads are two levels deep: `parent_id` is the thread's head, `reply_to_id` the answered one.
    const row = await trx
      .selectFrom('comment')
      .select('parent_id')
      .where('id', '=', parent.target_id)
      .executeTakeFirst();
    parentId = row?.parent_id ?? parent.target_id;
  }
  const row = {
    target_type: 'essay',
    target_id: post.target_id,
    parent_id: parentId,
    reply_to_id: parent ? parent.target_id : null,
    uuid: `import:${ctx.platform}`,
    ip: '',
    guest_name: comment.author.slice(0, 64),
    guest_email: (comment.email ?? '').slice(0, 256),
    content: comment.content,
    content_hash: contentHashOf(comment.content),
    is_owner: comment.byOwner ? 1 : 0,
    status: comment.status,
    source: 'import',
    created_at: comment.createdAt || ctx.now,
    updated_at: comment.createdAt || ctx.now,
  };
  if (existing) {
    await trx.updateTable('comment').set(row).where('id', '=', existing.target_id).execute();
    return;
  }
  const { id } = await trx.insertInto('comment').values(row).returning('id').executeTakeFirstOrThrow();
  await repo.insertItem({
    platform: ctx.platform,
    kind: 'comment',
    source_id: comment.sourceId,
    target_type: 'comment',
    target_id: id,
    target_ref: null,
    created_at: ctx.now,
  });
  ctx.report.comments += 1;
};
