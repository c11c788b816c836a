import type { CommentCount } from '@candy/contract/calls/comments';
import type { Emote } from '@candy/contract/calls/emotes';
import type { Moment } from '@candy/contract/calls/moments';
import { useState } from 'react';
import { t } from '../../../i18n/i18n.ts';
import { useT } from '../../../i18n/useT.ts';
import { CommentsDisclosure } from '../../../ui/Comments/CommentsDisclosure.tsx';
import { CommentText } from '../../../ui/Comments/CommentText.tsx';
import { AuthorCard } from '../shared/AuthorCard.tsx';
import { formatDateTime } from '../shared/time.ts';
import { ImageGrid } from './ImageGrid.tsx';

const noEmotes: ReadonlyMap<string, Emote> = new Map();

/** 评论 2 · 喜欢 3 · 转发 1: what the moment's footer says, leaving out what is zero. */
const countText = ({ comments, likes, reposts }: CommentCount): string =>
  [
    comments ? t('moments.count.comments', { count: comments }) : '',
    likes ? t('moments.count.likes', { count: likes }) : '',
    reposts ? t('moments.count.reposts', { count: reposts }) : '',
  ]
    .filter(Boolean)
    .join(' · ');

/**
 * Replies from elsewhere under a moment (issue 29): a footer with the counts, opening the thread.
 * Only a moment that has any shows it: nobody starts a thread here.
 */
const MomentThread = ({ momentId, count }: { momentId: number; count: CommentCount }) => {
  // The thread's own count once it was opened: the owner's answer counts at once.
  const [comments, setComments] = useState(count.comments);
  useT(); // re-rendered on a language switch: countText's words
  return (
    <CommentsDisclosure
      targetType="moment"
      targetId={momentId}
      answerOnly
      onTotal={setComments}
      footerClassName="moment-foot"
      label={countText({ ...count, comments })}
      openLabel={t('moments.thread.close')}
      testId="moment-thread-toggle"
    />
  );
};

/** A moment: its text (escaped, links linked) and its pictures; an h-entry for microformats2 readers. */
export const MomentCard = ({ moment, count }: { moment: Moment; count?: CommentCount | undefined }) => (
  <article className="card moment h-entry" data-testid="moment" data-moment-id={moment.id}>
    <time className="moment-time dt-published" dateTime={new Date(moment.createdAt).toISOString()}>
      {formatDateTime(moment.createdAt)}
    </time>
    <AuthorCard />
    {moment.content ? (
      <CommentText text={moment.content} emotes={noEmotes} className="e-content p-name" />
    ) : null}
    <ImageGrid images={moment.images} pictures={moment.pictures} />
    {count ? <MomentThread momentId={moment.id} count={count} /> : null}
  </article>
);
