import { createHash } from 'node:crypto';
import type { CommentStatus } from '@candy/contract/calls/commentModeration';
import type { Language } from '@candy/contract/languages';
import { notFound } from '../../http/errors.ts';
import { said } from '../../i18n/said.ts';
import { serverText } from '../../i18n/serverText.ts';
import { contentHashOf } from './antiSpam.ts';
import { type ModerationSettings, statusOfNewComment } from './moderation.ts';
import type { ReactionRepo } from './reactionRepo.ts';
import type { RemoteCommentRepo } from './remoteRepo.ts';
import { remoteHtmlToText, remoteNameOf, safeUrlOf } from './remoteText.ts';
import type { CommentRepo, CommentRow, TargetRef } from './repo.ts';

/** Where a comment or a reaction from elsewhere came from. */
export type RemoteSource = 'fediverse' | 'webmention';
/** What a remote reaction may answer: moments too (a fediverse reply to a Note). */
export type RemoteTargetType = 'essay' | 'article' | 'moment';

export interface RemoteTarget {
  targetType: RemoteTargetType;
  targetId: number;
}

export interface RemoteCommentInput extends RemoteTarget {
  source: RemoteSource;
  /** ActivityPub object id or Webmention source URL: a second delivery of the same one changes nothing. */
  remoteId: string;
  authorName: string;
  authorUrl: string | null;
  authorAvatar: string | null;
  /** The remote HTML; it is kept as comment text only (see remoteHtmlToText). */
  html: string;
  /** The comment answered, when it is one of ours (its id) … */
  parentId?: number;
  /** … or one from elsewhere (its remote id). */
  parentRemoteId?: string;
}

export interface RemoteCommentResult {
  id: number;
  status: CommentStatus;
  /** False when the remote id was known already (a redelivery). */
  created: boolean;
}

export interface RemoteReactionInput extends RemoteTarget {
  kind: 'like' | 'repost';
  source: RemoteSource;
  remoteId: string;
  actorUrl: string;
  actorName: string;
}

/** The comment a reply of ours answers, when that one came from elsewhere. */
export interface RemoteParent {
  remoteId: string;
  source: RemoteSource;
  authorUrl: string | null;
  targetType: string;
  targetId: number;
}

export interface RemoteDeps {
  repo: CommentRepo;
  remoteRepo: RemoteCommentRepo;
  reactions: ReactionRepo;
  /** Whether anyone may see the target (remote reactions only ever answer public things). */
  isPublic(target: RemoteTarget): Promise<boolean>;
  moderation: ModerationSettings;
  /** The same owner notification, reply notices and events as a visitor's comment. */
  announce(row: CommentRow, parent: CommentRow | undefined): Promise<void>;
  /** Removes a comment the way the owner's delete does (a thread's head with replies stays). */
  removeById(id: number): Promise<void>;
  now: () => number;
  /** The site's language (SITE_LANGUAGE): the name kept for an author who gave none. */
  language: Language;
}

/**
 * Stands for the remote author where a visitor's device id and address would be: the spam marks
 * and the "first comment held" rule then work per remote author, as they do per device.
 */
const authorKeyOf = (input: { authorUrl: string | null; remoteId: string }): string =>
  `r:${createHash('sha256')
    .update(input.authorUrl ?? input.remoteId)
    .digest('hex')
    .slice(0, 40)}`;

/**
 * Comments and reactions from elsewhere (issue 29): fediverse replies and Webmentions join the same
 * thread, sanitising, moderation queue and notifications as every comment. The federation and
 * Webmention modules call these; they never touch the comment tables themselves.
 */
export const createRemoteComments = (deps: RemoteDeps) => {
  const { repo, remoteRepo, reactions, moderation, now } = deps;

  const requirePublic = async (target: RemoteTarget) => {
    if (!(await deps.isPublic(target))) throw notFound(said('error.comments.targetNotFound'));
  };

  const parentOf = async (input: RemoteCommentInput): Promise<CommentRow | undefined> => {
    const parent =
      input.parentId !== undefined
        ? await repo.findById(input.parentId)
        : input.parentRemoteId
          ? await remoteRepo.findByRemoteId(input.parentRemoteId)
          : undefined;
    // Answering a comment nobody else sees, or one under another post, is answering the post.
    if (!parent || parent.deleted === 1 || parent.status !== 'visible') return undefined;
    if (parent.target_type !== input.targetType || parent.target_id !== input.targetId) return undefined;
    return parent;
  };

  const statusFor = async (key: string, content: string, name: string): Promise<CommentStatus> => {
    const settings = await moderation.load();
    return statusOfNewComment({
      mode: settings.moderation,
      heldWords: moderation.heldWordsOf(settings),
      content,
      guestName: name,
      knownAuthor: settings.moderation === 'first' ? await repo.hasShownComment(key) : true,
      markedSpammer: await repo.isMarkedSpammer(key),
    });
  };

  return {
    async addComment(input: RemoteCommentInput): Promise<RemoteCommentResult> {
      const known = await remoteRepo.findByRemoteId(input.remoteId);
      if (known) return { id: known.id, status: known.status as CommentStatus, created: false };
      await requirePublic(input);
      const content = await remoteHtmlToText(input.html);
      if (!content) throw notFound(said('error.comments.empty'));
      const name = (await remoteNameOf(input.authorName)) || serverText(deps.language, 'comments.anonymous');
      const key = authorKeyOf(input);
      const parent = await parentOf(input);
      const status = await statusFor(key, content, name);
      const at = now();
      let row: CommentRow;
      try {
        row = await repo.insert({
          target_type: input.targetType,
          target_id: input.targetId,
          parent_id: parent ? (parent.parent_id ?? parent.id) : null,
          reply_to_id: parent && parent.parent_id !== null ? parent.id : null,
          uuid: key,
          ip: key,
          guest_name: name,
          guest_email: '',
          content,
          content_hash: contentHashOf(content),
          is_owner: 0,
          notify_email: 0,
          status,
          source: input.source,
          remote_id: input.remoteId,
          author_url: safeUrlOf(input.authorUrl),
          author_avatar: safeUrlOf(input.authorAvatar),
          created_at: at,
          updated_at: at,
        });
      } catch (error) {
        // Another replica stored the same delivery a moment earlier: the unique remote id kept one.
        const raced = await remoteRepo.findByRemoteId(input.remoteId);
        if (raced) return { id: raced.id, status: raced.status as CommentStatus, created: false };
        throw error;
      }
      await deps.announce(row, parent);
      return { id: row.id, status, created: true };
    },

    /** An Update from the author: new text, the same place. Answers false when unknown or not theirs. */
    async updateComment(remoteId: string, html: string, authorUrl: string | null): Promise<boolean> {
      const row = await remoteRepo.findByRemoteId(remoteId);
      if (!row || row.deleted === 1 || (authorUrl !== null && row.author_url !== authorUrl)) return false;
      const content = await remoteHtmlToText(html);
      if (!content) return false;
      await remoteRepo.updateContent(row.id, { content, contentHash: contentHashOf(content), at: now() });
      // As a visitor's edit: a shown comment edited to carry what would have been held goes back to the queue.
      if (row.status === 'visible' && (await statusFor(row.uuid, content, row.guest_name)) === 'held') {
        await repo.setStatus([row.id], 'held');
      }
      return true;
    },

    /** A Delete from the author (or a retracted Webmention): gone as the owner's delete removes it. */
    async removeComment(remoteId: string, authorUrl: string | null): Promise<boolean> {
      const row = await remoteRepo.findByRemoteId(remoteId);
      if (!row || (authorUrl !== null && row.author_url !== authorUrl)) return false;
      await deps.removeById(row.id);
      return true;
    },

    async addReaction(input: RemoteReactionInput): Promise<boolean> {
      await requirePublic(input);
      return reactions.insert({
        target_type: input.targetType,
        target_id: input.targetId,
        kind: input.kind,
        source: input.source,
        remote_id: input.remoteId,
        actor_url: safeUrlOf(input.actorUrl) ?? '',
        actor_name: (await remoteNameOf(input.actorName)).slice(0, 200),
        created_at: now(),
      });
    },

    removeReaction: (remoteId: string): Promise<boolean> => reactions.removeByRemoteId(remoteId),

    /** An Undo that names who and what rather than the activity. */
    removeReactionBy: (actorUrl: string, kind: 'like' | 'repost', target: TargetRef): Promise<boolean> =>
      reactions.removeByActor(actorUrl, kind, target),

    reactionCounts: (target: TargetRef) => reactions.counts(target),

    /** A block: every comment and reaction by the actors whose address starts with `prefix` goes. */
    async removeByAuthorPrefix(prefix: string): Promise<{ comments: number; reactions: number }> {
      const rows = await remoteRepo.byAuthorPrefix(prefix);
      for (const row of rows) await deps.removeById(row.id);
      return { comments: rows.length, reactions: await reactions.removeByActorPrefix(prefix) };
    },

    /** Where a remote comment stands (a reply to it joins its thread), or null. */
    async targetOfRemote(remoteId: string): Promise<RemoteTarget | null> {
      const row = await remoteRepo.findByRemoteId(remoteId);
      if (!row || row.deleted === 1) return null;
      return { targetType: row.target_type as RemoteTargetType, targetId: row.target_id };
    },

    /** Where one of our comments stands (a fediverse reply to it joins its thread), or null. */
    async targetOfComment(id: number): Promise<RemoteTarget | null> {
      const row = await repo.findById(id);
      if (!row || row.deleted === 1 || row.status !== 'visible') return null;
      return { targetType: row.target_type as RemoteTargetType, targetId: row.target_id };
    },

    /** The remote comment that comment `id` (one of ours, usually the owner's reply) answers, if any. */
    async remoteParentOf(id: number): Promise<RemoteParent | null> {
      const row = await repo.findById(id);
      const answeredId = row ? (row.reply_to_id ?? row.parent_id) : null;
      if (answeredId === null) return null;
      const answered = await repo.findById(answeredId);
      if (!answered?.remote_id) return null;
      return {
        remoteId: answered.remote_id,
        source: answered.source as RemoteSource,
        authorUrl: answered.author_url,
        targetType: answered.target_type,
        targetId: answered.target_id,
      };
    },
  };
};

export type RemoteComments = ReturnType<typeof createRemoteComments>;
