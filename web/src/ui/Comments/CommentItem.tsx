import type { CommentReply } from '@candy/contract/calls/comments';
import type { Emote } from '@candy/contract/calls/emotes';
import { useState } from 'react';
import { Avatar } from '../Avatar/Avatar.tsx';
import { Button } from '../Button.tsx';
import { CommentForm } from './CommentForm.tsx';
import { CommentText } from './CommentText.tsx';
import { ReplyBell } from './ReplyBell.tsx';
import { relativeTime } from './relativeTime.ts';
import { commentAnchorId } from './useCommentAnchor.ts';

export interface CommentActions {
  /** The owner may change any comment; a visitor only its own (`mine`). */
  owner: boolean;
  emotes: ReadonlyMap<string, Emote>;
  onReply: (comment: CommentReply) => void;
  onEdit: (id: number, content: string) => Promise<void>;
  onDelete: (id: number) => Promise<void>;
  /** The comment the address's `#comment-N` opened (a reply notification): marked. */
  highlightId?: number | null;
}

/** One comment: avatar, name (owner marked), time, escaped content, and reply / edit / delete. */
export const CommentItem = ({ comment, actions }: { comment: CommentReply; actions: CommentActions }) => {
  const [editing, setEditing] = useState(false);
  const mayChange = !comment.deleted && (comment.mine || actions.owner);
  const edited = comment.updatedAt - comment.createdAt > 1000;
  return (
    <article
      id={commentAnchorId(comment.id)}
      className={actions.highlightId === comment.id ? 'comment comment-highlight' : 'comment'}
      data-testid="comment"
      data-comment-id={comment.id}
    >
      {comment.deleted ? <div className="avatar avatar-empty" /> : <Avatar seed={comment.avatarSeed} />}
      <div className="comment-main">
        <header className="comment-head">
          <span className="comment-name">{comment.deleted ? '—' : comment.name}</span>
          {comment.isOwner ? <span className="comment-owner-badge">博主</span> : null}
          {comment.held ? (
            <span className="comment-held-badge" title="博主审核后其他人才能看到">
              等待审核
            </span>
          ) : null}
          {comment.replyToName ? <span className="comment-reply-to">回复 @{comment.replyToName}</span> : null}
          <time
            className="comment-time"
            dateTime={new Date(comment.createdAt).toISOString()}
            // Server-rendered: "3 分钟前" may have become "4 分钟前" by the time the page hydrates.
            suppressHydrationWarning
          >
            {relativeTime(comment.createdAt)}
            {edited ? '（已编辑）' : ''}
          </time>
        </header>
        {comment.deleted ? (
          <p className="comment-deleted">该评论已删除</p>
        ) : editing ? (
          <CommentForm
            emotes={actions.emotes}
            initial={comment.content}
            submitLabel="保存"
            autoFocus
            onCancel={() => setEditing(false)}
            onSubmit={async (content) => {
              await actions.onEdit(comment.id, content);
              setEditing(false);
            }}
          />
        ) : (
          <CommentText text={comment.content} emotes={actions.emotes} />
        )}
        {comment.deleted || editing ? null : (
          <div className="comment-actions">
            <button type="button" className="btn btn-text" onClick={() => actions.onReply(comment)}>
              回复
            </button>
            {mayChange ? (
              <>
                <button type="button" className="btn btn-text" onClick={() => setEditing(true)}>
                  编辑
                </button>
                <Button
                  kind="text"
                  className="comment-delete"
                  onClick={() => actions.onDelete(comment.id)}
                  confirm={{ message: '确认删除这条评论?' }}
                >
                  删除
                </Button>
              </>
            ) : null}
            {comment.mine && !comment.isOwner ? <ReplyBell /> : null}
          </div>
        )}
      </div>
    </article>
  );
};
