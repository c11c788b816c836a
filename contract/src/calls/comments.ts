import * as z from 'zod';
import { type CallDef, defineCall } from '../call.ts';
import { commentsRoutes as routes } from '../routes/comments.ts';
import {
  CommentModerateBody,
  CommentModerateResult,
  CommentSettings,
  CommentSpamPreview,
  CommentSpamPreviewBody,
  CommentSpamUndoBody,
  CommentSpamUndoResult,
  CommentStatus,
  PowChallenge,
  PowProof,
} from './commentModeration.ts';

/** Top-level comments per page; each comes with all of its replies. */
export const commentPageSize = 10;
export const commentMaxLength = 2000;
export const guestNameMaxLength = 32;

/**
 * What comments hang under: an essay, the about page (article 1), or a moment (issue 29: fediverse
 * replies to a moment; moments are dark content, so their threads are read with the dark key or as
 * the owner, and only the owner answers them).
 */
export const CommentTargetType = z.enum(['essay', 'article', 'moment']);
export type CommentTargetType = z.infer<typeof CommentTargetType>;

/**
 * Where a comment came from: the comment form, a fediverse reply, a Webmention, or an import from
 * another platform (issue 29: one thread for every reaction).
 */
export const CommentSource = z.enum(['visitor', 'fediverse', 'webmention', 'import']);
export type CommentSource = z.infer<typeof CommentSource>;

const id = z.lazy(() => z.coerce.number().int().positive().max(2_147_483_647));

/** 1–2000 characters (UTF-16 units, as the browser counts them) and not only whitespace; stored as written. */
const Content = z.lazy(() =>
  z
    .string({ error: 'schema.comments.content.empty' })
    .min(1, 'schema.comments.content.empty')
    .max(commentMaxLength, 'schema.comments.content.tooLong')
    .refine((text) => text.trim().length > 0, 'schema.comments.content.empty'),
);

export const CommentListQuery = z.lazy(() =>
  z.object({
    targetType: CommentTargetType,
    targetId: id,
    /** Exclusive cursor: the id of the last top-level comment the client has. */
    start: id.optional(),
  }),
);
export type CommentListQuery = z.infer<typeof CommentListQuery>;

/**
 * A comment as anyone sees it. The author's uuid, IP and email never leave the server: `mine` tells
 * the caller it wrote this one, and `avatarSeed` (a keyed hash of email or uuid) lets the web draw a
 * local identicon.
 */
export const CommentReply = z.object({
  id: z.number(),
  /** The top-level comment this one hangs under; null for a top-level comment. */
  parentId: z.number().nullable(),
  /** The comment this one answers (a reply to a reply); null when it answers the top-level one. */
  replyToId: z.number().nullable(),
  /** Display name of `replyToId`'s author, for "回复 @name". */
  replyToName: z.string().nullable(),
  name: z.string(),
  content: z.string(),
  isOwner: z.boolean(),
  /** Written from the caller's device (same X-Uuid), or by the owner when the owner asks. */
  mine: z.boolean(),
  avatarSeed: z.string(),
  /** A top-level comment deleted by its author while it still had replies: content is empty. */
  deleted: z.boolean(),
  /** Waiting for the owner's review (「等待审核」): only its author and the owner are answered it. */
  held: z.boolean(),
  createdAt: z.number(),
  updatedAt: z.number(),
  source: CommentSource,
  /** A remote author's profile page (fediverse, Webmention); null for comments written here. */
  authorUrl: z.string().nullable(),
  /** A remote author's avatar picture; comments written here draw an identicon from `avatarSeed`. */
  avatarUrl: z.string().nullable(),
});
export type CommentReply = z.infer<typeof CommentReply>;

export const Comment = z.lazy(() =>
  CommentReply.extend({
    /** Replies, oldest first; replies to a reply are flattened onto the top-level comment. */
    replies: z.array(CommentReply),
  }),
);
export type Comment = z.infer<typeof Comment>;

export const CommentPage = z.lazy(() =>
  z.object({
    list: z.array(Comment),
    hasMore: z.boolean(),
    /** All comments on the target, replies included, deleted placeholders not. */
    total: z.number(),
    /** Likes and reposts (boosts) from the fediverse and Webmentions. */
    reactions: z.object({ likes: z.number(), reposts: z.number() }),
  }),
);
export type CommentPage = z.infer<typeof CommentPage>;

/** Most moments one counts call asks about: a page of the moments feed is 10. */
export const commentCountsMaxIds = 50;

export const CommentCountsQuery = z.lazy(() =>
  z.object({
    /** Only moments so far: essays show their whole thread on their page. */
    targetType: z.enum(['moment']),
    /** Comma-joined ids of the moments asked about. */
    ids: z
      .string()
      .max(600)
      .regex(/^\d+(,\d+)*$/, 'schema.idList')
      .transform((value) => value.split(',').map(Number))
      .pipe(
        z
          .array(z.number().int().positive().max(2_147_483_647))
          .max(commentCountsMaxIds, 'schema.comments.counts.tooMany'),
      ),
  }),
);
export type CommentCountsQuery = z.infer<typeof CommentCountsQuery>;

/** One target's counts, as its thread would show them to the caller. */
export const CommentCount = z.lazy(() =>
  z.object({
    targetId: z.number(),
    comments: z.number(),
    likes: z.number(),
    reposts: z.number(),
  }),
);
export type CommentCount = z.infer<typeof CommentCount>;

/** Only the targets that have anything: a moment not listed has no comment and no reaction. */
export const CommentCounts = z.lazy(() => z.object({ list: z.array(CommentCount) }));
export type CommentCounts = z.infer<typeof CommentCounts>;

export const CommentCreateBody = z.lazy(() =>
  z.object({
    targetType: CommentTargetType,
    targetId: id,
    content: Content,
    /** The comment answered; a reply to a reply attaches to its top-level comment. */
    parentId: id.optional(),
    guestName: z
      .string({ error: 'schema.comments.name.notText' })
      .trim()
      .min(1, 'schema.comments.name.blank')
      .max(guestNameMaxLength, 'schema.comments.name.tooLong')
      .optional(),
    /** Kept for the owner's records; never returned to anyone. */
    guestEmail: z
      .email({ error: 'schema.email.invalid' })
      .max(254, 'schema.comments.email.tooLong')
      .optional(),
    /** 有回复时邮件通知我: replies to this comment are mailed to `guestEmail` (ignored without one). */
    notifyByEmail: z.boolean().optional(),
    /** The solved challenge (GET /blog/comment/challenge); required of visitors, not of the owner. */
    proof: PowProof.optional(),
  }),
);
export type CommentCreateBody = z.infer<typeof CommentCreateBody>;

export const CommentUpdateBody = z.lazy(() =>
  z.object({
    content: Content,
    /** A visitor's edit carries a solved challenge as a new comment does (issue 40.2); not the owner's. */
    proof: PowProof.optional(),
  }),
);
export type CommentUpdateBody = z.infer<typeof CommentUpdateBody>;

const IdParams = z.lazy(() => z.object({ id }));

export const RecentCommentsQuery = z.lazy(() =>
  z.object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    size: z.coerce.number().int().min(1).max(100).default(20),
    /** `held`: the moderation queue; `spam`: what was marked as spam. */
    status: z.enum(['all', 'held', 'spam']).default('all'),
    /** Words in the content or the name. */
    q: z.string().trim().max(100, 'schema.comments.search.tooLong').optional(),
  }),
);
export type RecentCommentsQuery = z.infer<typeof RecentCommentsQuery>;

/** A comment with the place it stands and its moderation state (the back office). */
export const RecentComment = z.lazy(() =>
  CommentReply.extend({
    targetType: CommentTargetType,
    targetId: z.number(),
    status: CommentStatus,
  }),
);
export type RecentComment = z.infer<typeof RecentComment>;

export const RecentComments = z.lazy(() =>
  z.object({
    list: z.array(RecentComment),
    /** Comments matching the query. */
    total: z.number(),
    /** Comments waiting in the queue, whatever the query (the 待审核 tab's count). */
    held: z.number(),
  }),
);
export type RecentComments = z.infer<typeof RecentComments>;

export const commentsCalls = {
  commentList: defineCall(routes.commentList, () => ({ query: CommentListQuery, response: CommentPage })),
  commentCreate: defineCall(routes.commentCreate, () => ({
    body: CommentCreateBody,
    response: CommentReply,
  })),
  commentUpdate: defineCall(routes.commentUpdate, () => ({
    params: IdParams,
    body: CommentUpdateBody,
    response: CommentReply,
  })),
  commentDelete: defineCall(routes.commentDelete, () => ({ params: IdParams, response: z.null() })),
  commentCounts: defineCall(routes.commentCounts, () => ({
    query: CommentCountsQuery,
    response: CommentCounts,
  })),
  commentRecent: defineCall(routes.commentRecent, () => ({
    query: RecentCommentsQuery,
    response: RecentComments,
  })),
  commentChallenge: defineCall(routes.commentChallenge, () => ({ response: PowChallenge })),
  commentModerate: defineCall(routes.commentModerate, () => ({
    body: CommentModerateBody,
    response: CommentModerateResult,
  })),
  commentSpamPreview: defineCall(routes.commentSpamPreview, () => ({
    body: CommentSpamPreviewBody,
    response: CommentSpamPreview,
  })),
  commentSpamUndo: defineCall(routes.commentSpamUndo, () => ({
    body: CommentSpamUndoBody,
    response: CommentSpamUndoResult,
  })),
  commentSettings: defineCall(routes.commentSettings, () => ({ response: CommentSettings })),
  commentSettingsUpdate: defineCall(routes.commentSettingsUpdate, () => ({
    body: CommentSettings,
    response: CommentSettings,
  })),
} satisfies Record<keyof typeof routes, CallDef>;
