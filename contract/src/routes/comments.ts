import type { RouteDef } from '../routeDef.ts';

/**
 * Comments on essays and the about page (issue 4). All public: a visitor is its `X-Uuid` and may
 * change only its own comments; the owner may change any.
 */
export const commentsRoutes = {
  commentList: { method: 'GET', path: '/blog/comment', access: 'public' },
  commentCreate: { method: 'POST', path: '/blog/comment', access: 'public' },
  commentUpdate: { method: 'PUT', path: '/blog/comment/:id', access: 'public' },
  commentDelete: { method: 'DELETE', path: '/blog/comment/:id', access: 'public' },
  /**
   * How many comments and reactions each of several moments has (issue 29: fediverse replies under
   * a moment). Moments are dark content, so their counts are too.
   */
  commentCounts: { method: 'GET', path: '/blog/comment/counts', access: 'dark' },
  /** Moderation (issue 10): the newest comments on every target. */
  commentRecent: { method: 'GET', path: '/blog/comment/recent', access: 'owner' },
  /** Proof of work (issue 25): a signed ALTCHA challenge a visitor solves before writing. */
  commentChallenge: { method: 'GET', path: '/blog/comment/challenge', access: 'public' },
  /** The moderation queue (issue 25): approve, reject or mark as spam, one or many at once. */
  commentModerate: { method: 'POST', path: '/blog/comment/moderate', access: 'owner' },
  /** What a spam mark would hide, for the confirmation (issue 41.1). */
  commentSpamPreview: { method: 'POST', path: '/blog/comment/spam/preview', access: 'owner' },
  /** 撤销 one spam mark: what it hid comes back as it was. */
  commentSpamUndo: { method: 'POST', path: '/blog/comment/spam/undo', access: 'owner' },
  commentSettings: { method: 'GET', path: '/blog/comment/settings', access: 'owner' },
  commentSettingsUpdate: { method: 'PUT', path: '/blog/comment/settings', access: 'owner' },
} as const satisfies Record<string, RouteDef>;
