import type { Comment, CommentPage, CommentReply, CommentTargetType } from '@candy/contract/calls/comments';
import { useCallback, useRef, useState } from 'react';
import { call } from '../../core/request.ts';
import { peekSsr } from '../../core/ssrData.ts';
import { useKeyedEffect } from '../../core/useKeyedEffect.ts';
import { t } from '../../i18n/i18n.ts';
import { toast } from '../toast.tsx';

export interface CommentsState {
  list: Comment[];
  total: number;
  hasMore: boolean;
  /** Likes and reposts from elsewhere (fediverse, Webmention). */
  reactions: Reactions;
  status: 'loading' | 'ready' | 'failed';
  error: string;
}

export type Reactions = CommentPage['reactions'];
const noReactions: Reactions = { likes: 0, reposts: 0 };

export interface NewComment {
  content: string;
  parentId?: number;
  guestName?: string;
  guestEmail?: string;
  /** 有回复时邮件通知我 (issue 25.3). */
  notifyByEmail?: boolean;
  /** The solved proof of work a visitor's comment carries. */
  proof?: string;
}

/** A new comment in the list: a reply joins its top-level comment, a top-level one leads the list. */
export const withAdded = (list: Comment[], added: CommentReply): Comment[] =>
  added.parentId === null
    ? [{ ...added, replies: [] }, ...list]
    : list.map((c) => (c.id === added.parentId ? { ...c, replies: [...c.replies, added] } : c));

export const withUpdated = (list: Comment[], changed: CommentReply): Comment[] =>
  list.map((c) =>
    c.id === changed.id
      ? { ...changed, replies: c.replies }
      : { ...c, replies: c.replies.map((r) => (r.id === changed.id ? changed : r)) },
  );

/** A removed reply goes; a removed top-level comment with replies stays as a placeholder (as the server keeps it). */
export const withRemoved = (list: Comment[], id: number): Comment[] =>
  list.flatMap((c) => {
    if (c.id === id)
      return c.replies.length ? [{ ...c, deleted: true, content: '', mine: false, avatarSeed: '' }] : [];
    return [{ ...c, replies: c.replies.filter((r) => r.id !== id) }];
  });

/** Comments of one essay or article: pages on the cursor, and the visitor's own writes kept in place. */
/** The key a server-rendered page keeps a target's first comments under (server/src/http/serverRender.ts). */
export const commentsSsrKey = (targetType: CommentTargetType, targetId: number): string =>
  `comments:${targetType}:${targetId}`;

export const useComments = (targetType: CommentTargetType, targetId: number) => {
  const [state, setState] = useState<CommentsState>(() => {
    // A server-rendered page came with the first comments: shown at once, refreshed quietly below
    // (the server cannot know which of them are this visitor's).
    const first = peekSsr<{ list: Comment[]; total: number; hasMore: boolean; reactions?: Reactions }>(
      commentsSsrKey(targetType, targetId),
    );
    return first
      ? {
          list: first.list,
          total: first.total,
          hasMore: first.hasMore,
          reactions: first.reactions ?? noReactions,
          status: 'ready',
          error: '',
        }
      : { list: [], total: 0, hasMore: false, reactions: noReactions, status: 'loading', error: '' };
  });
  const current = useRef(state);
  current.current = state;

  const load = useCallback(
    async (start?: number) => {
      // Refreshing a list already shown keeps it in place (no spinner, nothing moves).
      setState((old) =>
        start === undefined && old.list.length > 0 ? old : { ...old, status: 'loading', error: '' },
      );
      try {
        const page = await call('commentList', { query: { targetType, targetId, start }, silent: true });
        setState((old) => {
          const known = new Set(start ? old.list.map((c) => c.id) : []);
          const list = start ? [...old.list, ...page.list.filter((c) => !known.has(c.id))] : page.list;
          return {
            list,
            total: page.total,
            hasMore: page.hasMore,
            reactions: page.reactions,
            status: 'ready',
            error: '',
          };
        });
      } catch (error) {
        setState((old) => ({ ...old, status: 'failed', error: error instanceof Error ? error.message : '' }));
      }
    },
    [targetType, targetId],
  );

  // Once per target: a kept-alive page shown again keeps its comments (and the visitor's place).
  useKeyedEffect(() => void load(), `${targetType}:${targetId}`);

  const loadMore = () => void load(current.current.list.at(-1)?.id);

  const create = async (input: NewComment): Promise<CommentReply> => {
    // Silent: the form shows why a post was refused, under the text it keeps.
    const added = await call('commentCreate', { body: { targetType, targetId, ...input }, silent: true });
    setState((old) => ({ ...old, list: withAdded(old.list, added), total: old.total + 1 }));
    if (added.held) toast(t('comments.submittedHeld'), { type: 'success' });
    return added;
  };

  const update = async (id: number, content: string, proof?: string): Promise<void> => {
    const changed = await call('commentUpdate', { params: { id }, body: { content, proof }, silent: true });
    setState((old) => ({ ...old, list: withUpdated(old.list, changed) }));
  };

  const remove = async (id: number): Promise<void> => {
    await call('commentDelete', { params: { id } });
    setState((old) => ({ ...old, list: withRemoved(old.list, id), total: Math.max(0, old.total - 1) }));
  };

  return { ...state, loadMore, reload: () => void load(), create, update, remove };
};
