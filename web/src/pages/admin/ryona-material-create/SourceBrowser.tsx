import type { SourceEntry } from '@candy/contract/calls/videos';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../../core/request.ts';
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
  const [path, setPath] = useState('');
  const query = useQuery({
    queryKey: videoKeys.source(path),
    queryFn: () => call('videoSource', { query: { path }, silent: true }),
  });
  const crumbs = path ? path.split('/') : [];
  return (
    <div className="video-source" data-testid="video-source">
      <nav className="video-crumbs" aria-label="目录">
        <button type="button" className="btn btn-text" onClick={() => setPath('')}>
          视频源
        </button>
        {crumbs.map((name, i) => (
          <span key={crumbs.slice(0, i + 1).join('/')}>
            {' / '}
            <button
              type="button"
              className="btn btn-text"
              onClick={() => setPath(crumbs.slice(0, i + 1).join('/'))}
            >
              {name}
            </button>
          </span>
        ))}
      </nav>
      {query.error ? (
        <ErrorState error={query.error} onRetry={() => query.refetch()} />
      ) : !query.data ? (
        <LoadingState>读取目录并分析视频…</LoadingState>
      ) : query.data.entries.length === 0 ? (
        <EmptyState>
          {path
            ? '这个目录里没有视频'
            : '视频源目录里还没有视频：把视频放进服务器上的 VIDEO_SOURCE_DIR（默认 DATA_DIR/video-sources），或切到「上传文件」'}
        </EmptyState>
      ) : (
        <ul className="video-source-list">
          {query.data.entries.map((entry) => (
            <li key={entry.path}>
              {entry.type === 'dir' ? (
                <button type="button" className="video-source-item" onClick={() => setPath(entry.path)}>
                  <span className="video-source-glyph" aria-hidden="true">
                    ▸
                  </span>{' '}
                  {entry.name}/
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
                  {entry.name}
                  <small className="muted">
                    {entry.error
                      ? ` 无法读取：${entry.error}`
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
