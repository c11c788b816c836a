import type { Essay } from '@candy/contract/calls/essays';
import { lazy, Suspense, useState } from 'react';
import { Markdown } from '../../../ui/Markdown/Markdown.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { formatDateTime } from '../shared/time.ts';

// Comments are code most readers never open: their own chunk, fetched on the first click.
const Comments = lazy(() => import('../../../ui/Comments/Comments.tsx'));

export const EssayCard = ({ essay }: { essay: Essay }) => {
  const [showComments, setShowComments] = useState(false);
  const scheduled = essay.reservation !== null && essay.reservation > Date.now();
  const commentsId = `essay-${essay.id}-comments`;
  return (
    <article className="card essay" data-testid="essay" data-essay-id={essay.id}>
      <header className="essay-head">
        <a className="essay-id" href={`#${essay.id}`} title="本篇的链接">
          #{essay.id}
        </a>
        <time dateTime={new Date(essay.createdAt).toISOString()}>{formatDateTime(essay.createdAt)}</time>
        {essay.hide ? <span className="badge">隐藏</span> : null}
        {scheduled && essay.reservation !== null ? (
          <span className="badge">定时 {formatDateTime(essay.reservation)}</span>
        ) : null}
      </header>
      <Markdown source={essay.content} />
      <footer className="essay-foot">
        <button
          type="button"
          className="btn btn-text"
          aria-expanded={showComments}
          aria-controls={commentsId}
          onClick={() => setShowComments(!showComments)}
        >
          {showComments ? '收起评论' : '评论'}
        </button>
      </footer>
      {showComments ? (
        <div id={commentsId}>
          <Suspense fallback={<Spinner label="评论加载中" />}>
            <Comments targetType="essay" targetId={essay.id} />
          </Suspense>
        </div>
      ) : null}
    </article>
  );
};
