import type { SourceEntry } from '@candy/contract/calls/videos';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../../core/request.ts';
import { useT } from '../../../i18n/useT.ts';
import { EmptyState, ErrorState, formatBytes, LoadingState } from '../../../ui/adminKit/index.ts';
import { videoKeys } from '../ryona-material/shared/queries.ts';
import { formatSeconds } from '../ryona-material/shared/time.ts';
import './create.css';

export type SourceVideo = Extract<SourceEntry, { type: 'video' }>;

/** Folders and videos of VIDEO_SOURCE_DIR: click a folder to open it, a video to pick it. */
export const SourceBrowser = ({
  picked,
  onPick,
}: {
  picked: string | null;
  onPick: (video: SourceVideo) => void;
}) => {
  const t = useT();
  const [path, setPath] = useState('');
  const query = useQuery({
    queryKey: videoKeys.source(path),
    queryFn: () => call('videoSource', { query: { path }, silent: true }),
  });
  const crumbs = path ? path.split('/') : [];
  return (
    <div className="video-source" data-testid="video-source">
      <nav className="video-crumbs" aria-label={t('admin.clips.source.folders')}>
        <button type="button" className="btn btn-text" onClick={() => setPath('')}>
          {t('admin.clips.source.root')}
        </button>
        {crumbs.map((name, i) => (
          <span key={crumbs.slice(0, i + 1).join('/')}>
            {' / '}
            <button
              type="button"
              className="btn btn-text"
              onClick={() => setPath(crumbs.slice(0, i + 1).join('/'))}
            >
              <span data-content>{name}</span>
            </button>
          </span>
        ))}
      </nav>
      {query.error ? (
        <ErrorState error={query.error} onRetry={() => query.refetch()} />
      ) : !query.data ? (
        <LoadingState>{t('admin.clips.source.loading')}</LoadingState>
      ) : query.data.entries.length === 0 ? (
        <EmptyState>{path ? t('admin.clips.source.emptyFolder') : t('admin.clips.source.empty')}</EmptyState>
      ) : (
        <ul className="video-source-list">
          {query.data.entries.map((entry) => (
            <li key={entry.path}>
              {entry.type === 'dir' ? (
                <button type="button" className="video-source-item" onClick={() => setPath(entry.path)}>
                  <span className="video-source-glyph" aria-hidden="true">
                    ▸
                  </span>{' '}
                  <span data-content>{entry.name}</span>/
                </button>
              ) : (
                <button
                  type="button"
                  className={`video-source-item${picked === entry.path ? ' is-picked' : ''}`}
                  disabled={entry.error !== null}
                  title={entry.error ?? undefined}
                  onClick={() => onPick(entry)}
                  data-testid="source-video"
                >
                  <span className="video-source-glyph" aria-hidden="true">
                    ▶
                  </span>{' '}
                  <span data-content>{entry.name}</span>
                  <small className="muted">
                    {entry.error
                      ? ` ${t('admin.clips.source.unreadable', { error: entry.error })}`
                      : ` ${formatSeconds(entry.duration)} · ${entry.width}×${entry.height} · ${entry.videoCodec}${
                          entry.audioCodec ? `/${entry.audioCodec}` : ''
                        } · ${formatBytes(entry.size)}`}
                  </small>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
};
