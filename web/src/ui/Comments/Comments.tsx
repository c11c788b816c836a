import type { CommentReply, CommentTargetType } from '@candy/contract/calls/comments';
import { useEffect, useState } from 'react';
import { useIsOffline, useIsOwner } from '../../core/appState.ts';
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

  return (
    <section className="comments" aria-label="评论" data-testid="comments">
      <h2 className="comments-title">评论 {comments.total ? `(${comments.total})` : ''}</h2>
      {comments.reactions.likes || comments.reactions.reposts ? (
        <p className="comments-reactions" data-testid="reactions">
          {comments.reactions.likes ? <span data-testid="likes">喜欢 {comments.reactions.likes}</span> : null}
          {comments.reactions.likes && comments.reactions.reposts ? ' · ' : null}
          {comments.reactions.reposts ? (
            <span data-testid="reposts">转发 {comments.reactions.reposts}</span>
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
                    placeholder={`回复 @${replyTo.name}`}
                    submitLabel="回复"
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
          <Spinner label="评论加载中" />
        </div>
      ) : comments.status === 'failed' ? (
        <div className="comments-status">
          {offline ? (
            // The mirrors hold no more of these comments: a retry could not work (issue 41.9).
            '离线模式下看不到这些评论，网络恢复后再来看吧'
          ) : (
            <>
              评论加载失败：{comments.error}{' '}
              <button type="button" className="btn btn-text" onClick={comments.reload}>
                重试
              </button>
            </>
          )}
        </div>
      ) : comments.list.length === 0 ? (
        <p className="comments-status">{answerOnly ? '还没有评论' : '还没有评论，来抢沙发吧'}</p>
      ) : comments.hasMore ? (
        <div className="comments-status">
          <button type="button" className="btn" onClick={comments.loadMore}>
            更多评论
          </button>
        </div>
      ) : null}
    </section>
  );
};

export default Comments;
