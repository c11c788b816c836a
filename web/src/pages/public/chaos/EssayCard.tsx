import type { Essay } from '@candy/contract/calls/essays';
import { markdownTitle } from '@candy/contract/markdownText';
import { essayPath } from '@candy/contract/sitePaths';
import { Link } from '../../../app/router.tsx';
import { useT } from '../../../i18n/useT.ts';
import { CommentsDisclosure } from '../../../ui/Comments/CommentsDisclosure.tsx';
import { Markdown } from '../../../ui/Markdown/Markdown.tsx';
import { AuthorCard } from '../shared/AuthorCard.tsx';
import { LocalTime, useDateTimeText } from '../shared/LocalTime.tsx';

/** An essay; `html` is its content rendered by the server, on a server-rendered first page (issue 16). */
const ReservationBadge = ({ ms }: { ms: number }) => (
  <span className="badge" suppressHydrationWarning>
    {useT()('essay.scheduled', { time: useDateTimeText(ms) })}
  </span>
);

export const EssayCard = ({
  essay,
  first = false,
  openComments = false,
}: {
  essay: Essay & { html?: string };
  /** The essay whose first picture loads at once (issue 30: `eagerEssayIndex`). */
  first?: boolean;
  /** Comments open at once: the address names one of them (`#comment-N`, a reply notification). */
  openComments?: boolean;
}) => {
  const t = useT();
  const scheduled = essay.reservation !== null && essay.reservation > Date.now();
  return (
    // microformats2 (issue 29.4): an h-entry others' sites read for a Webmention's author and text.
    <article className="card essay h-entry" data-testid="essay" data-essay-id={essay.id}>
      <header className="essay-head">
        <Link className="essay-id u-url" to={essayPath(essay.id)} title={t('essay.link')}>
          #{essay.id}
        </Link>
        <LocalTime ms={essay.createdAt} className="dt-published" />
        <data
          className="p-name"
          value={markdownTitle(essay.content) || t('essay.untitled', { id: essay.id })}
        />
        <AuthorCard />
        {essay.hide ? <span className="badge">{t('essay.hidden')}</span> : null}
        {scheduled && essay.reservation !== null ? <ReservationBadge ms={essay.reservation} /> : null}
      </header>
      <Markdown
        className="e-content"
        source={essay.content}
        topHeading={2}
        pictures={essay.pictures}
        eagerFirst={first}
        html={essay.html}
      />
      <CommentsDisclosure
        targetType="essay"
        targetId={essay.id}
        footerClassName="essay-foot"
        label={t('essay.comments')}
        openLabel={t('essay.comments.close')}
        initiallyOpen={openComments}
      />
    </article>
  );
};
