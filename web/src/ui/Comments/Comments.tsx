import type { CommentReply, CommentTargetType } from '@candy/contract/calls/comments';
import { useEffect, useState } from 'react';
import { useIsOffline, useIsOwner } from '../../core/appState.ts';
import { useT } from '../../i18n/useT.ts';
import { Spinner } from '../Spinner.tsx';
import { CommentForm } from './CommentForm.tsx';
import { type CommentActions, CommentItem } from './CommentItem.tsx';
import './comments.css';
import { useCommentAnchor } from './useCommentAnchor.ts';
import { useComments } from './useComments.ts';
import { useEmotes } from './useEmotes.ts';

export interface CommentsProps {
  targetType: CommentTargetType;
  targetId: number;
  /**
   * A moment's thread (issue 29): replies from elsewhere, read with the dark key. Nobody starts a
   * comment here, and only the owner answers (the answer goes back to the fediverse).
   */
  answerOnly?: boolean;
  /** Told the thread's count once read, and again after each write (a moment's footer shows it). */
  onTotal?: (total: number) => void;
}

/** The comments of an essay, the about page or a moment: list with replies, paging, and writing. */
export const Comments = ({ targetType, targetId, answerOnly = false, onTotal }: CommentsProps) => {
  const comments = useComments(targetType, targetId);
  const offline = useIsOffline();
  const ready = comments.status === 'ready';
  useEffect(() => {
    if (ready) onTotal?.(comments.total);
  }, [ready, comments.total, onTotal]);
  const emotes = useEmotes();
  const owner = useIsOwner();
  const [replyTo, setReplyTo] = useState<CommentReply | null>(null);
  const highlightId = useCommentAnchor(
    comments.list,
    comments.status === 'ready',
    comments.hasMore,
    comments.loadMore,
  );

  const actions: CommentActions = {
    owner,
    emotes,
    onReply: answerOnly && !owner ? undefined : setReplyTo,
    onEdit: comments.update,
    onDelete: comments.remove,
    highlightId,
  };
  // A reply form sits under the top-level comment the answered one belongs to.
  const replyHome = replyTo ? (replyTo.parentId ?? replyTo.id) : null;
  const t = useT();

  return (
    <section className="comments" aria-label={t('comments.title')} data-testid="comments">
      <h2 className="comments-title">
        {comments.total ? t('comments.titleCount', { count: comments.total }) : t('comments.title')}
      </h2>
      {comments.reactions.likes || comments.reactions.reposts ? (
        <p className="comments-reactions" data-testid="reactions">
          {comments.reactions.likes ? (
            <span data-testid="likes">{t('comments.likes', { count: comments.reactions.likes })}</span>
          ) : null}
          {comments.reactions.likes && comments.reactions.reposts ? ' · ' : null}
          {comments.reactions.reposts ? (
            <span data-testid="reposts">{t('comments.reposts', { count: comments.reactions.reposts })}</span>
          ) : null}
        </p>
      ) : null}
      {answerOnly ? null : (
        <CommentForm
          emotes={emotes}
          guestFields={!owner}
          proof={!owner}
          onSubmit={(content, guest) => comments.create({ content, ...guest })}
        />
      )}
      <div className="comments-list">
        {comments.list.map((comment) => (
          <div key={comment.id} className="comment-thread">
            <CommentItem comment={comment} actions={actions} />
            {comment.replies.length || replyHome === comment.id ? (
              <div className="comment-replies">
                {comment.replies.map((reply) => (
                  <CommentItem key={reply.id} comment={reply} actions={actions} />
                ))}
                {replyTo && replyHome === comment.id ? (
                  <CommentForm
                    emotes={emotes}
                    guestFields={!owner}
                    proof={!owner}
                    autoFocus
                    placeholder={t('comments.replyTo', { name: replyTo.name })}
                    submitLabel={t('comments.reply')}
                    onCancel={() => setReplyTo(null)}
                    onSubmit={async (content, guest) => {
                      await comments.create({ content, parentId: replyTo.id, ...guest });
                      setReplyTo(null);
                    }}
                  />
                ) : null}
              </div>
            ) : null}
          </div>
        ))}
      </div>
      {comments.status === 'loading' ? (
        <div className="comments-status">
          <Spinner label={t('comments.loading')} />
        </div>
      ) : comments.status === 'failed' ? (
        <div className="comments-status">
          {offline ? (
            // The mirrors hold no more of these comments: a retry could not work (issue 41.9).
            t('comments.offline')
          ) : (
            <>
              {t('comments.failed', { error: comments.error })}{' '}
              <button type="button" className="btn btn-text" onClick={comments.reload}>
                {t('list.retry')}
              </button>
            </>
          )}
        </div>
      ) : comments.list.length === 0 ? (
        <p className="comments-status">{t(answerOnly ? 'comments.none' : 'comments.none.invite')}</p>
      ) : comments.hasMore ? (
        <div className="comments-status">
          <button type="button" className="btn" onClick={comments.loadMore}>
            {t('comments.more')}
          </button>
        </div>
      ) : null}
    </section>
  );
};

export default Comments;
