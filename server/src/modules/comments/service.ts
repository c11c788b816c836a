import { randomBytes } from 'node:crypto';
import type { CommentStatus } from '@candy/contract/calls/commentModeration';
import {
  type Comment,
  type CommentCounts,
  type CommentCountsQuery,
  type CommentCreateBody,
  type CommentListQuery,
  type CommentPage,
  type CommentReply,
  type CommentTargetType,
  type CommentUpdateBody,
  commentPageSize,
} from '@candy/contract/calls/comments';
import type { Logger } from 'pino';
import { commentEventOf, type EventBus } from '../../events.ts';
import type { Caller } from '../../http/context.ts';
import { forbidden, invalidField, notFound } from '../../http/errors.ts';
import { hasDarkKey, type OwnerSession } from '../../http/guards.ts';
import { said } from '../../i18n/said.ts';
import type { MetaService } from '../meta/service.ts';
import { type AntiSpam, contentHashOf } from './antiSpam.ts';
import { type ModerationSettings, statusOfNewComment } from './moderation.ts';
import { presentComment, type Viewer } from './present.ts';
import type { Proof } from './proof.ts';
import type { ReactionRepo } from './reactionRepo.ts';
import type { CommentRepo, CommentRow, Reader, TargetRef } from './repo.ts';
import type { CommentTargets } from './targets.ts';

/** What the owner is told about a new comment; the push module delivers it once it exists. */
export interface NewCommentNotice {
  id: number;
  targetType: string;
  targetId: number;
  name: string;
  content: string;
  createdAt: number;
  /** Held for review: the owner is asked to look at it (spam is not announced). */
  held: boolean;
}

export interface CommentNotifier {
  notifyOwner(notice: NewCommentNotice): Promise<void>;
}

export interface CommentDeps {
  repo: CommentRepo;
  targets: CommentTargets;
  antiSpam: AntiSpam;
  proof: Proof;
  moderation: ModerationSettings;
  meta: MetaService;
  notifier: CommentNotifier;
  /** Likes and reposts from elsewhere, counted under each thread (issue 29); absent in narrow tests. */
  reactions?: Pick<ReactionRepo, 'counts' | 'countsMany' | 'removeForTarget'>;
  /** Queues a reply for its answered author's notifications (issue 25.3); absent in narrow tests. */
  replies?: { enqueue(reply: CommentRow): Promise<void> };
  /** Announces `comment.posted` on the site's event bus (webhooks); absent in narrow tests. */
  events?: Pick<EventBus, 'emit'>;
  logger: Logger;
  now: () => number;
  /** The site's dark key: with it, a visitor reads a moment's thread (moments are dark content). */
  darkKey?: string;
}

const avatarKeyMeta = { group: 'comment', key: 'avatar-key' } as const;

const requireUuid = (caller: Caller): string => {
  if (!caller.uuid) throw invalidField('X-Uuid', 'required', said('error.device.uuidMissing'));
  return caller.uuid;
};

export const createCommentService = (deps: CommentDeps) => {
  const { repo, targets, antiSpam, proof, moderation, now } = deps;
  let avatarKey: string | undefined;

  /** The site's avatar key, made once and shared by every replica through meta. */
  const loadAvatarKey = async (): Promise<string> => {
    if (avatarKey) return avatarKey;
    let stored = await deps.meta.get(avatarKeyMeta.group, avatarKeyMeta.key);
    if (!stored) {
      await deps.meta.set(avatarKeyMeta.group, avatarKeyMeta.key, randomBytes(32).toString('hex'));
      // Read back: when two replicas race, both settle on whichever write landed last.
      stored = (await deps.meta.get(avatarKeyMeta.group, avatarKeyMeta.key)) as string;
    }
    avatarKey = stored;
    return stored;
  };

  const viewerOf = (caller: Caller, owner: OwnerSession | null): Viewer & Reader => ({
    uuid: caller.uuid,
    owner: owner !== null,
  });

  /** Where a visitor's comment goes under the owner's settings: shown, held, or held as spam. */
  const statusFor = async (
    uuid: string,
    fields: { content: string; guestName: string },
  ): Promise<CommentStatus> => {
    const settings = await moderation.load();
    return statusOfNewComment({
      mode: settings.moderation,
      heldWords: moderation.heldWordsOf(settings),
      ...fields,
      knownAuthor: settings.moderation === 'first' ? await repo.hasShownComment(uuid) : true,
      markedSpammer: await repo.isMarkedSpammer(uuid),
    });
  };

  const requireReadableTarget = async (
    target: TargetRef & { targetType: CommentTargetType },
    caller: Caller,
    owner: boolean,
  ) => {
    const reader = { owner, dark: hasDarkKey(caller, deps.darkKey) };
    if (!(await targets.isReadable(target.targetType, target.targetId, reader))) {
      throw notFound(said('error.comments.targetNotFound'));
    }
  };

  const requireVisibleTarget = async (
    target: TargetRef & { targetType: CommentTargetType },
    owner: boolean,
  ) => {
    if (!(await targets.isVisible(target.targetType, target.targetId, owner))) {
      throw notFound(said('error.comments.targetNotFound'));
    }
  };

  /** The comment the caller may change as its author, or as the owner; 4040 / 4030 otherwise. */
  const requireChangeable = async (id: number, caller: Caller, owner: OwnerSession | null) => {
    const row = await repo.findById(id);
    if (!row || row.deleted === 1) throw notFound(said('error.comments.notFound'));
    if (owner) return row;
    const uuid = requireUuid(caller);
    if (row.uuid !== uuid || row.is_owner === 1) throw forbidden(said('error.comments.notYours'));
    return row;
  };

  const notify = (row: CommentRow) => {
    if (row.status === 'spam') return;
    const notice: NewCommentNotice = {
      id: row.id,
      targetType: row.target_type,
      targetId: row.target_id,
      name: row.guest_name,
      content: row.content,
      createdAt: row.created_at,
      held: row.status === 'held',
    };
    // A failed notification never fails the comment.
    deps.notifier.notifyOwner(notice).catch((error: unknown) => {
      deps.logger.warn({ err: error, commentId: row.id }, 'owner notification failed');
    });
  };

  /** A failure to queue the reply's notice is logged; the reply itself stands. */
  const enqueueReply = async (row: CommentRow) => {
    try {
      await deps.replies?.enqueue(row);
    } catch (error) {
      deps.logger.error({ err: error, commentId: row.id }, 'reply notice not queued');
    }
  };

  /**
   * Tells whoever cares about a new comment: the owner (not of their own), the answered author's
   * reply notices (not while held), and the site's events (nothing at all for spam).
   */
  const announce = async (row: CommentRow, parent: CommentRow | undefined): Promise<void> => {
    if (row.is_owner === 0) notify(row);
    if (parent && row.status === 'visible') await enqueueReply(row);
    if (row.status !== 'spam')
      await deps.events?.emit({
        type: row.status === 'held' ? 'comment.held' : 'comment.posted',
        data: commentEventOf(row),
      });
  };

  /**
   * Removes a comment. A top-level comment that still has replies becomes an empty placeholder so
   * that deleting one's own comment never takes other people's replies with it; the placeholder
   * goes when its last reply does.
   */
  const removeRow = async (row: CommentRow): Promise<void> => {
    if (row.parent_id === null && (await repo.hasReplies(row.id))) {
      await repo.softDelete(row.id, now());
      return;
    }
    await repo.remove(row.id);
    if (row.parent_id !== null) {
      const parent = await repo.findById(row.parent_id);
      if (parent?.deleted === 1 && !(await repo.hasReplies(parent.id))) await repo.remove(parent.id);
    }
  };

  return {
    async list(query: CommentListQuery, caller: Caller, owner: OwnerSession | null): Promise<CommentPage> {
      await requireReadableTarget(query, caller, owner !== null);
      const key = await loadAvatarKey();
      const viewer = viewerOf(caller, owner);
      const rows = await repo.listTopLevel(query, viewer, query.start, commentPageSize + 1);
      const page = rows.slice(0, commentPageSize);
      const replies = await repo.listReplies(
        page.map((row) => row.id),
        viewer,
      );
      const names = new Map<number, string>();
      for (const row of [...page, ...replies]) names.set(row.id, row.guest_name);
      const list: Comment[] = page.map((row) => ({
        ...presentComment(row, viewer, key),
        replies: replies
          .filter((reply) => reply.parent_id === row.id)
          .map((reply) => presentComment(reply, viewer, key, (id) => names.get(id))),
      }));
      return {
        list,
        hasMore: rows.length > commentPageSize,
        total: await repo.countVisible(query, viewer),
        reactions: (await deps.reactions?.counts(query)) ?? { likes: 0, reposts: 0 },
      };
    },

    /** Comments and reactions of each target asked about that has any (the router checked the dark key). */
    async counts(
      query: CommentCountsQuery,
      caller: Caller,
      owner: OwnerSession | null,
    ): Promise<CommentCounts> {
      const viewer = viewerOf(caller, owner);
      const comments = await repo.countVisibleMany(query.targetType, query.ids, viewer);
      const reactions = (await deps.reactions?.countsMany(query.targetType, query.ids)) ?? new Map();
      const list = [...new Set(query.ids)].flatMap((targetId) => {
        const count = comments.get(targetId) ?? 0;
        const { likes, reposts } = reactions.get(targetId) ?? { likes: 0, reposts: 0 };
        return count || likes || reposts ? [{ targetId, comments: count, likes, reposts }] : [];
      });
      return { list };
    },

    async create(body: CommentCreateBody, caller: Caller, owner: OwnerSession | null): Promise<CommentReply> {
      const uuid = owner ? (caller.uuid ?? '') : requireUuid(caller);
      // Before any other work: a bot without a solved challenge costs us one HMAC at most.
      if (!owner) await proof.spend(body.proof);
      await requireVisibleTarget(body, owner !== null);
      let parent: CommentRow | undefined;
      if (body.parentId !== undefined) {
        parent = await repo.findById(body.parentId);
        // A held comment is answered only by its author or the owner, who are the ones who see it.
        const hidden = parent && parent.status !== 'visible' && !owner && parent.uuid !== uuid;
        if (!parent || parent.deleted === 1 || hidden) throw notFound(said('error.comments.parentNotFound'));
        if (parent.target_type !== body.targetType || parent.target_id !== body.targetId) {
          throw invalidField('parentId', 'sameTarget', said('error.comments.parentElsewhere'));
        }
      }
      const contentHash = contentHashOf(body.content);
      if (!owner) {
        await antiSpam.refuseBannedWords({ content: body.content, guestName: body.guestName });
        await antiSpam.refuseDuplicate(uuid, body, contentHash);
        await antiSpam.countPost(uuid, caller.ip);
      }
      const status: CommentStatus = owner
        ? 'visible'
        : await statusFor(uuid, { content: body.content, guestName: body.guestName ?? '' });
      const at = now();
      const row = await repo.insert({
        target_type: body.targetType,
        target_id: body.targetId,
        // One level of nesting: a reply to a reply hangs under the same top-level comment.
        parent_id: parent ? (parent.parent_id ?? parent.id) : null,
        reply_to_id: parent && parent.parent_id !== null ? parent.id : null,
        uuid,
        ip: caller.ip,
        guest_name: body.guestName ?? '',
        guest_email: body.guestEmail ?? '',
        content: body.content,
        content_hash: contentHash,
        is_owner: owner ? 1 : 0,
        notify_email: body.notifyByEmail && body.guestEmail ? 1 : 0,
        status,
        created_at: at,
        updated_at: at,
      });
      await announce(row, parent);
      const replyToName = parent && row.reply_to_id === parent.id ? parent.guest_name : undefined;
      return presentComment(row, viewerOf(caller, owner), await loadAvatarKey(), () => replyToName);
    },

    async update(
      id: number,
      { content, proof: solved }: CommentUpdateBody,
      caller: Caller,
      owner: OwnerSession | null,
    ): Promise<CommentReply> {
      // A visitor's edit costs what a new comment costs (issue 40.2): the proof first, as in create.
      if (!owner) {
        requireUuid(caller);
        await proof.spend(solved);
      }
      const before = await requireChangeable(id, caller, owner);
      if (!owner) {
        await antiSpam.refuseBannedWords({ content });
        await antiSpam.countEdit(before.uuid, caller.ip);
      }
      let row = await repo.updateContent(id, content, contentHashOf(content), now());
      // A shown comment edited to carry what would have been held goes back to the queue.
      if (!owner && before.status === 'visible') {
        const status = await statusFor(before.uuid, { content, guestName: before.guest_name });
        if (status === 'held') {
          await repo.setStatus([id], 'held');
          row = { ...row, status };
        }
      }
      const replyTo = row.reply_to_id === null ? undefined : await repo.findById(row.reply_to_id);
      return presentComment(row, viewerOf(caller, owner), await loadAvatarKey(), () => replyTo?.guest_name);
    },

    async remove(id: number, caller: Caller, owner: OwnerSession | null): Promise<null> {
      await removeRow(await requireChangeable(id, caller, owner));
      return null;
    },

    /** Rejecting from the moderation queue: the owner removes it, the same way. */
    async removeAsOwner(id: number): Promise<void> {
      const row = await repo.findById(id);
      if (row && row.deleted === 0) await removeRow(row);
    },

    /** Every comment and reaction on a target, gone with it (an essay being deleted). */
    async removeForTarget(target: TargetRef): Promise<void> {
      await repo.removeForTarget(target);
      await deps.reactions?.removeForTarget(target);
    },

    announce,

    avatarKey: loadAvatarKey,

    /** Comments written since `since` (ms), for the dashboard. */
    countSince: (since: number): Promise<number> => repo.countAll(since),
  };
};

export type CommentService = ReturnType<typeof createCommentService>;
