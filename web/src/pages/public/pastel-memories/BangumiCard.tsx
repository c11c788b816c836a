import type { Bangumi } from '@candy/contract/calls/bangumi';
import { useT } from '../../../i18n/useT.ts';
import { Picture } from '../../../ui/Picture.tsx';
import { progressPercent } from './groupBangumi.ts';

/** Cover box size: known up front so the list does not shift while covers load. */
const coverWidth = 96;
const coverHeight = 134;
/** The cover is always shown 96 CSS px wide (the smallest copy, 320 px, serves up to DPR 3). */
const COVER_SIZES = `${coverWidth}px`;

export const BangumiCard = ({
  entry,
  onTag,
  eager = false,
}: {
  entry: Bangumi;
  onTag: (tag: string) => void;
  /** The first cover a visitor sees: loaded at once, with high priority. */
  eager?: boolean;
}) => {
  const percent = progressPercent(entry);
  const t = useT();
  const episodes = `${entry.episodesWatched} / ${entry.episodesTotal ?? '?'}`;
  const picture = entry.cover ? entry.pictures?.[entry.cover] : undefined;
  return (
    <article className="bangumi-card" data-testid="bangumi" data-status={entry.status}>
      {entry.cover && picture ? (
        // Our copy of the cover (issue 30): AVIF/WebP at the size shown, its placeholder meanwhile.
        <Picture
          className="bangumi-cover"
          src={entry.cover}
          alt={entry.titleCn || entry.title}
          width={coverWidth}
          height={coverHeight}
          info={picture}
          sizes={COVER_SIZES}
          eager={eager}
        />
      ) : entry.cover ? (
        <img
          className="bangumi-cover"
          src={entry.cover}
          alt={entry.titleCn || entry.title}
          width={coverWidth}
          height={coverHeight}
          loading={eager ? 'eager' : 'lazy'}
          {...(eager ? { fetchPriority: 'high' as const } : {})}
          decoding="async"
          referrerPolicy="no-referrer"
        />
      ) : (
        <div className="bangumi-cover bangumi-cover-empty" aria-hidden="true">
          {t('bangumi.noCover')}
        </div>
      )}
      <div className="bangumi-body">
        <h3 className="bangumi-title" data-content>
          {entry.subjectId ? (
            <a href={`https://bgm.tv/subject/${entry.subjectId}`} target="_blank" rel="noopener noreferrer">
              {entry.titleCn || entry.title}
            </a>
          ) : (
            entry.titleCn || entry.title
          )}
        </h3>
        {entry.titleCn && entry.title !== entry.titleCn ? (
          <p className="bangumi-subtitle" data-content>
            {entry.title}
          </p>
        ) : null}
        <p className="bangumi-meta">
          {entry.airDate ? <span>{entry.airDate}</span> : null}
          {entry.rating !== null ? <span className="bangumi-rating">★ {entry.rating}/10</span> : null}
        </p>
        <div className="bangumi-progress">
          <progress max={100} value={percent} aria-label={t('bangumi.progress', { episodes })} />
          <span>{episodes}</span>
        </div>
        {entry.review ? (
          <p className="bangumi-review" data-content>
            {entry.review}
          </p>
        ) : null}
        {entry.tags.length ? (
          <div className="bangumi-tags" data-content>
            {entry.tags.map((tag) => (
              <button key={tag} type="button" className="badge bangumi-tag" onClick={() => onTag(tag)}>
                {tag}
              </button>
            ))}
          </div>
        ) : null}
      </div>
    </article>
  );
};
