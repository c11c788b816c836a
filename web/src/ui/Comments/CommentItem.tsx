import type { CommentReply } from '@candy/contract/calls/comments';
import type { Emote } from '@candy/contract/calls/emotes';
import { useState } from 'react';
import { useT } from '../../i18n/useT.ts';
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
  /** Absent where the caller may not answer (a moment's thread, for anyone but the owner). */
  onReply?: (comment: CommentReply) => void;
  /** `proof`: the solved proof of work a visitor's edit carries, as a new comment does (issue 40.2). */
  onEdit: (id: number, content: string, proof?: string) => Promise<void>;
  onDelete: (id: number) => Promise<void>;
  /** The comment the address's `#comment-N` opened (a reply notification): marked. */
  highlightId?: number | null;
}

const sourceMarks: Partial<Record<CommentReply['source'], string>> = {
  fediverse: 'comments.source.fediverse',
  webmention: 'comments.source.webmention',
};

/** Where a comment from elsewhere came from, as a small mark beside the name. */
const SourceMark = ({ source }: { source: CommentReply['source'] }) => {
  const t = useT();
  const label = sourceMarks[source];
  return label ? (
    <span className="comment-source-mark" data-source={source}>
      {t(label)}
    </span>
  ) : null;
};

/**
 * A remote author's own picture; the identicon when it fails to load. No referrer: the remote host
 * learns nothing of which page showed it.
 */
const RemoteAvatar = ({ url, seed }: { url: string; seed: string }) => {
  const [failed, setFailed] = useState(false);
  return failed ? (
    <Avatar seed={seed} />
  ) : (
    <img
      className="avatar avatar-remote"
      src={url}
      alt=""
      width={40}
      height={40}
      loading="lazy"
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
    />
  );
};

/** One comment: avatar, name (owner marked, a remote author's linked), time, escaped content, actions. */
export const CommentItem = ({ comment, actions }: { comment: CommentReply; actions: CommentActions }) => {
  const [editing, setEditing] = useState(false);
  const mayChange = !comment.deleted && (comment.mine || actions.owner);
  const edited = comment.updatedAt - comment.createdAt > 1000;
  const t = useT();
  return (
    <article
      id={commentAnchorId(comment.id)}
      className={actions.highlightId === comment.id ? 'comment comment-highlight' : 'comment'}
      data-testid="comment"
      data-comment-id={comment.id}
    >
      {comment.deleted ? (
        <div className="avatar avatar-empty" />
      ) : comment.avatarUrl ? (
        <RemoteAvatar url={comment.avatarUrl} seed={comment.avatarSeed} />
      ) : (
        <Avatar seed={comment.avatarSeed} />
      )}
      <div className="comment-main">
        <header className="comment-head">
          {comment.deleted ? (
            <span className="comment-name">—</span>
          ) : comment.authorUrl ? (
            <a
              className="comment-name"
              href={comment.authorUrl}
              rel="nofollow ugc noopener"
              target="_blank"
              data-content
            >
              {comment.name}
            </a>
          ) : (
            <span className="comment-name" data-content>
              {comment.name}
            </span>
          )}
          {comment.isOwner ? <span className="comment-owner-badge">{t('comments.owner')}</span> : null}
          <SourceMark source={comment.source} />
          {comment.held ? (
            <span className="comment-held-badge" title={t('comments.held.title')}>
              {t('comments.held')}
            </span>
          ) : null}
          {comment.replyToName ? (
            <span className="comment-reply-to">
              {t('comments.replyingTo')}
              <span data-content>@{comment.replyToName}</span>
            </span>
          ) : null}
          <time
            className="comment-time"
            dateTime={new Date(comment.createdAt).toISOString()}
            // Server-rendered: "3 分钟前" may have become "4 分钟前" by the time the page hydrates.
            suppressHydrationWarning
          >
            {relativeTime(comment.createdAt)}
            {edited ? t('comments.edited') : ''}
          </time>
        </header>
        {comment.deleted ? (
          <p className="comment-deleted">{t('comments.deleted')}</p>
        ) : editing ? (
          <CommentForm
            emotes={actions.emotes}
            initial={comment.content}
            submitLabel={t('comments.save')}
            autoFocus
            proof={!actions.owner}
            onCancel={() => setEditing(false)}
            onSubmit={async (content, { proof }) => {
              await actions.onEdit(comment.id, content, proof);
              setEditing(false);
            }}
          />
        ) : (
          <CommentText text={comment.content} emotes={actions.emotes} />
        )}
        {comment.deleted || editing ? null : (
          <div className="comment-actions">
            {actions.onReply ? (
              <button type="button" className="btn btn-text" onClick={() => actions.onReply?.(comment)}>
                {t('comments.reply')}
              </button>
            ) : null}
            {mayChange ? (
              <>
                <button type="button" className="btn btn-text" onClick={() => setEditing(true)}>
                  {t('comments.edit')}
                </button>
                <Button
                  kind="text"
                  className="comment-delete"
                  onClick={() => actions.onDelete(comment.id)}
                  confirm={{ message: t('comments.delete.confirm') }}
                >
                  {t('comments.delete')}
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
